import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatInstantDay } from '../../lib/dates.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MY_SUGGESTIONS_QUERY, SUGGEST_PURCHASE } from './suggestion-operations.ts';

/** The gateway's sentence for a refusal (said in the reader's language), or null for a transport failure. */
const refusalOf = (error: unknown): { message: string; field: string | null } | null => {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const [first] = error.errors;
  if (!first) return null;
  const field = first.extensions?.['field'];
  return { message: first.message, field: typeof field === 'string' ? field : null };
};

const input = 'w-full rounded-lg border border-slate-300 px-3 py-2';

/**
 * Suggest a purchase (issue 42): a book the library has no copy of, prefilled from the book page's link
 * (?title=&author=), and the member's suggestions with staff's answers.
 */
export default function SuggestPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'suggest.title' }));
  const [params] = useSearchParams();
  const [title, setTitle] = useState(params.get('title') ?? '');
  const [author, setAuthor] = useState(params.get('author') ?? '');
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ message: string; field: string | null } | null>(null);
  const list = useQuery(MY_SUGGESTIONS_QUERY);
  const [suggest, { loading: sending }] = useMutation(SUGGEST_PURCHASE, {
    refetchQueries: ['MySuggestions'],
    awaitRefetchQueries: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(null);
    setSent(null);
    try {
      const answer = await suggest({ variables: { input: { title, author, note } } });
      setSent(answer.data?.suggestPurchase.title ?? title);
      setTitle('');
      setAuthor('');
      setNote('');
    } catch (error) {
      setFailed(refusalOf(error) ?? { message: t({ id: 'suggest.failed' }), field: null });
    }
  };
  const fieldError = (field: string) =>
    failed?.field === field ? (
      <span id={`suggest-${field}-error`} role="alert" className="text-sm text-red-700">
        {failed.message}
      </span>
    ) : null;
  const described = (field: string) => (failed?.field === field ? `suggest-${field}-error` : undefined);

  const suggestions = list.data?.mySuggestions ?? [];
  return (
    <section className="page-container max-w-3xl py-10">
      <h1 className="mb-2 text-3xl font-bold text-slate-900">{t({ id: 'suggest.title' })}</h1>
      <p className="mb-6 text-slate-600">{t({ id: 'suggest.intro' })}</p>
      <form onSubmit={(e) => void submit(e)} className="mb-10 flex flex-col gap-4 rounded-xl bg-white p-6 shadow">
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t({ id: 'suggest.bookTitle' })}</span>
          <input
            className={input}
            value={title}
            required
            maxLength={200}
            aria-describedby={described('title')}
            onChange={(e) => setTitle(e.target.value)}
          />
          {fieldError('title')}
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t({ id: 'suggest.author' })}</span>
          <input
            className={input}
            value={author}
            maxLength={200}
            aria-describedby={described('author')}
            onChange={(e) => setAuthor(e.target.value)}
          />
          {fieldError('author')}
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t({ id: 'suggest.note' })}</span>
          <input
            className={input}
            value={note}
            maxLength={500}
            aria-describedby={described('note')}
            onChange={(e) => setNote(e.target.value)}
          />
          {fieldError('note')}
        </label>
        <button type="submit" className="btn-primary self-start" disabled={sending}>
          {t({ id: 'suggest.send' })}
        </button>
        {failed && !failed.field && (
          <p role="alert" className="text-red-700">
            {failed.message}
          </p>
        )}
        {sent && <p role="status">{t({ id: 'suggest.sent' }, { title: sent })}</p>}
      </form>

      <h2 className="mb-3 text-xl font-semibold text-slate-900">{t({ id: 'suggest.mine' })}</h2>
      {list.loading && !list.data ? (
        <Spinner label={t({ id: 'suggest.loading' })} />
      ) : list.error && !list.data ? (
        <p role="alert">
          {t({ id: 'suggest.loadFailed' })}
          <button type="button" className="ml-1 underline" onClick={() => void list.refetch().catch(() => {})}>
            {t({ id: 'suggest.retry' })}
          </button>
        </p>
      ) : suggestions.length === 0 ? (
        <p>{t({ id: 'suggest.none' })}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {suggestions.map((s) => (
            <li key={s.id} className="rounded-lg bg-white p-4 shadow-sm">
              <p className="font-medium">
                {s.author ? t({ id: 'suggest.titleBy' }, { title: s.title, author: s.author }) : s.title}
              </p>
              <p className="text-sm text-slate-600">
                {t({ id: `suggest.status.${s.status}` }, { day: formatInstantDay(s.createdAt) })}
                {s.reason && <span className="ml-1">{t({ id: 'suggest.reason' }, { reason: s.reason })}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
