/** Frequently asked questions, folded. */
import { Collapse } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { TextContent } from '../../../components/TextContent';
import { ROUTES } from '../../../lib/constants';
import { useGetFaqQuery } from '../api';

export default function FaqPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useGetFaqQuery();

  let body;
  if (isLoading) body = <LoadingBlock lines={6} />;
  else if (isError || !data) body = <ErrorState onRetry={refetch} />;
  else if (data.length === 0) body = <EmptyState />;
  else
    body = (
      <Collapse accordion className="faq" defaultActiveKey={String(data[0].id)}>
        {data.map((item) => (
          <Collapse.Panel key={String(item.id)} title={item.question}>
            <TextContent text={item.answer} />
          </Collapse.Panel>
        ))}
      </Collapse>
    );

  return (
    <PageShell backTo={ROUTES.setting}>
      <PageHeading title={t('faq.title')} />
      {body}
    </PageShell>
  );
}
