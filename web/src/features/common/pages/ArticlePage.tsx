/** One news article or notice (`?id=`), plain text paragraphs. */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { TextContent } from '../../../components/TextContent';
import { formatDateTime } from '../../../lib/format';
import { useGetNewsDetailQuery } from '../api';
import { RetryImage } from '../../../components/RetryImage';

export default function ArticlePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { data, isLoading, isError, refetch } = useGetNewsDetailQuery(id, { skip: !valid });

  let body;
  if (!valid) body = <EmptyState title={t('article.missing')} />;
  else if (isLoading) body = <LoadingBlock lines={8} />;
  else if (isError || !data) body = <ErrorState onRetry={refetch} />;
  else
    body = (
      <article className="article" data-testid="article">
        <h1>{data.title}</h1>
        <time>{formatDateTime(data.created_at)}</time>
        {data.thumbnail ? <RetryImage className="article-cover" src={data.thumbnail} alt="" /> : null}
        <TextContent text={data.content} />
      </article>
    );
  return <PageShell>{body}</PageShell>;
}
