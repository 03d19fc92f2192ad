/** A `{title, content}` page from the server: about us, contact us, white paper, compliance. */
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { TextContent } from '../../../components/TextContent';
import { useGetTextPageQuery } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';

type Source = 'aboutus' | 'contactus' | 'operational_compliance' | 'whitepaper';

export function TextPage({ source }: { source: Source }) {
  const { data, isLoading, isError, refetch } = useGetTextPageQuery(source);

  let body;
  if (isLoading) body = <LoadingBlock lines={8} />;
  else if (isError) body = <ErrorState onRetry={refetch} />;
  else if (!data || (!data.title && !data.content)) body = <EmptyState />;
  else
    body = (
      <>
        <PageHeading title={data.title} />
        <div className="card text-card" data-testid="text-page">
          <TextContent text={data.content} />
        </div>
      </>
    );
  return <PageShell backTo={ROUTES.setting}>{body}</PageShell>;
}

export function AboutUsPage() {
  return <TextPage source="aboutus" />;
}
export function ContactUsPage() {
  return <TextPage source="contactus" />;
}
export function WhiteBookPage() {
  return <TextPage source="whitepaper" />;
}
export function CompliancePage() {
  return <TextPage source="operational_compliance" />;
}
