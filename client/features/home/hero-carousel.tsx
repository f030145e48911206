import type { IntlShape } from 'react-intl';
import { useI18n, type MessageId } from '../../lib/i18n.ts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { wrapIndex } from './carousel-index.ts';
import { Icon } from '../../components/ui/icons.tsx';
import { usePolicy, type LibraryPolicy } from '../../lib/policy.ts';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';

export const AUTO_ADVANCE_MS = 5000;

type Say = IntlShape['formatMessage'];

const SLIDES: {
  id: string;
  title: MessageId;
  description: (t: Say, policy: LibraryPolicy | null) => string;
  image: string;
  cta: { label: MessageId; to: string };
}[] = [
  {
    id: 'discover',
    title: 'hero.discoverTitle',
    description: (t) => t({ id: 'hero.discoverText' }),
    image: '/images/hero/slide-1.svg',
    cta: { label: 'hero.discoverCta', to: '/all-books' },
  },
  {
    id: 'borrow',
    title: 'hero.borrowTitle',
    // The numbers are the gateway's policy; until it answers the sentence goes without them.
    description: (t, p) =>
      p ? t({ id: 'hero.borrowText' }, { limit: p.loanLimit, days: p.loanDays }) : t({ id: 'hero.borrowTextNoPolicy' }),
    image: '/images/hero/slide-2.svg',
    cta: { label: 'hero.borrowCta', to: '/borrowed-books' },
  },
  {
    id: 'share',
    title: 'hero.shareTitle',
    description: (t) => t({ id: 'hero.shareText' }),
    image: '/images/hero/slide-3.svg',
    cta: { label: 'nav.addBook', to: '/add-book' },
  },
];

/** True once the window's load event has passed (at once if it already has; never in the build's render). */
function useAfterPageLoad(): boolean {
  const [loaded, setLoaded] = useState(() => typeof document !== 'undefined' && document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded;
}

export function HeroCarousel() {
  const { formatMessage: t } = useI18n();
  const [index, setIndex] = useState(0);
  // WCAG 2.2.2: moving content can be paused. The slides move on by themselves unless the person paused them
  // (or asked their system for less motion and has not pressed Play), and never while the pointer is over the
  // carousel or the focus is in it (hidden slides are inert: advancing would also drop a focused slide's
  // button to <body>).
  const reducedMotion = useReducedMotion();
  const { policy } = usePolicy();
  const [choice, setChoice] = useState<'auto' | 'paused' | 'playing'>('auto');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const autoplay = choice === 'playing' || (choice === 'auto' && !reducedMotion);
  const moving = autoplay && !hovered && !focused;
  // The first slide is the page's largest paint (preloaded by index.html); the next one, hidden, waits until the
  // page has loaded rather than share a slow network with it, and each after it until the one before is shown.
  // A slide shown once keeps its picture (it fades out with it).
  const later = useAfterPageLoad();
  const [reached, setReached] = useState(0);
  useEffect(() => setReached((r) => Math.max(r, index)), [index]);
  const pictured = (i: number) => i <= reached || i === index || (later && i === reached + 1);
  const go = useCallback((step: number) => setIndex((current) => wrapIndex(current, step, SLIDES.length)), []);

  // Restarting the timer on every change means a manual move gives the new slide its full 5 seconds.
  useEffect(() => {
    if (!moving) return;
    const timer = setTimeout(() => go(1), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [index, go, moving]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t({ id: 'hero.label' })}
      className="relative h-[70vh] overflow-hidden bg-slate-900"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setFocused(false);
      }}
    >
      {SLIDES.map((slide, i) => (
        <div
          key={slide.id}
          role="group"
          aria-roledescription="slide"
          aria-label={t({ id: 'hero.slideOf' }, { n: i + 1, total: SLIDES.length })}
          aria-hidden={i !== index}
          inert={i !== index}
          className={`absolute inset-0 bg-cover bg-center transition-opacity duration-1000 ease-in-out ${i === index ? 'opacity-100' : 'opacity-0'}`}
          style={pictured(i) ? { backgroundImage: `url(${slide.image})` } : undefined}
        >
          <div className="flex h-full items-center bg-gradient-to-r from-slate-950/80 via-slate-900/50 to-transparent">
            {/* The text sits on a solid panel (the pictures are busy), clear of the controls: on a phone they
                share a row below it, on wider screens the arrows sit in the side padding. */}
            <div className="mx-auto w-full max-w-7xl px-4 pb-16 md:px-20 md:pb-0">
              <div className="max-w-xl rounded-xl bg-slate-950/85 p-6 text-white md:p-8">
                <h2 className="mb-4 text-3xl font-bold md:text-5xl">{t({ id: slide.title })}</h2>
                <p className="mb-8 text-lg text-slate-200 md:text-xl">{slide.description(t, policy)}</p>
                <Link to={slide.cta.to} className="btn-primary px-6 py-3 text-lg">
                  {t({ id: slide.cta.label })}
                </Link>
              </div>
            </div>
          </div>
        </div>
      ))}
      <button
        type="button"
        aria-label={t({ id: 'hero.previous' })}
        onClick={() => go(-1)}
        className="absolute bottom-3 left-4 rounded-full bg-slate-950/60 p-3 md:top-1/2 md:bottom-auto md:-translate-y-1/2 text-white transition hover:bg-slate-950/80"
      >
        <Icon name="previous" weight={2.5} />
      </button>
      <button
        type="button"
        aria-label={t({ id: 'hero.next' })}
        onClick={() => go(1)}
        className="absolute bottom-3 left-18 rounded-full bg-slate-950/60 p-3 md:top-1/2 md:right-4 md:bottom-auto md:left-auto md:-translate-y-1/2 text-white transition hover:bg-slate-950/80"
      >
        <Icon name="next" weight={2.5} />
      </button>
      <button
        type="button"
        aria-label={t({ id: autoplay ? 'hero.pause' : 'hero.play' })}
        onClick={() => setChoice(autoplay ? 'paused' : 'playing')}
        className="absolute right-4 bottom-4 rounded-full bg-slate-950/60 p-2 text-white transition hover:bg-slate-950/80"
      >
        <Icon name={autoplay ? 'pause' : 'play'} className="h-5 w-5" />
      </button>
      <div className="absolute bottom-6 left-1/2 flex -translate-x-1/2 gap-3">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            aria-label={t({ id: 'hero.goTo' }, { n: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            className={`h-3 rounded-full transition-all ${i === index ? 'w-8 bg-white' : 'w-3 bg-white/50 hover:bg-white/80'}`}
          />
        ))}
      </div>
    </section>
  );
}
