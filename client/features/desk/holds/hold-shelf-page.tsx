import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { AwaitingPickupList, ToClearList, ToPullList } from './hold-shelf-lists.tsx';

/**
 * The hold shelf at the desk (decision 058): copies to pull for members waiting, copies awaiting pickup, and
 * copies of holds that ended while on the hold shelf, to take off it. Each list loads on its own.
 */
export default function HoldShelfPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'desk.holdShelf.title' }));
  return (
    <section className="page-container py-10">
      <h1 className="mb-2 text-3xl font-bold text-gray-900">{t({ id: 'desk.holdShelf.title' })}</h1>
      <p className="mb-6">
        <Link to="/desk" className="text-indigo-700 underline">
          {t({ id: 'desk.holdShelf.back' })}
        </Link>
      </p>
      <ToPullList />
      <AwaitingPickupList />
      <ToClearList />
    </section>
  );
}
