import { PageHeader } from '../../components/page-header.tsx';

/** Menu entries whose screens are not built yet lead here: plainly, with no fake data. */
export function UnderConstructionPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="alert alert-secondary">Esta tela está em construção.</div>
    </>
  );
}
