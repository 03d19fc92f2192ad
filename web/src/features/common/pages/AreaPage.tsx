/** Area-code picker: common countries with their calling codes; the choice goes back to the form. */
import { CheckOutline } from 'antd-mobile-icons';
import { List, SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/StateBlocks';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { AREAS } from '../../../lib/areas';
import { ROUTES } from '../../../lib/constants';
import { useGoBack } from '../../../lib/navigation';
import { areaCodeChosen, selectAreaCode } from '../../../lib/session';

export default function AreaPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectAreaCode);
  const goBack = useGoBack(ROUTES.register);
  const [query, setQuery] = useState('');

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase().replace(/^\+/, '');
    return AREAS.map((a) => ({ ...a, name: t(`country.${a.iso}`) })).filter(
      (a) => !q || a.name.toLowerCase().includes(q) || a.dial.startsWith(q),
    );
  }, [query, t]);

  const choose = (dial: string) => {
    dispatch(areaCodeChosen(dial));
    goBack();
  };

  return (
    <PageShell backTo={ROUTES.register}>
      <PageHeading title={t('area.title')} />
      <div className="search-wrap">
        <SearchBar placeholder={t('area.search')} value={query} onChange={setQuery} />
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t('area.none')} />
      ) : (
        <List className="card-list">
          {rows.map((a) => (
            <List.Item
              key={a.iso}
              onClick={() => choose(a.dial)}
              extra={
                <span className="area-dial">
                  +{a.dial}
                  <span className="area-check-slot">{current === a.dial ? <CheckOutline /> : null}</span>
                </span>
              }
              arrow={false}
            >
              <span className="ellipsis">{a.name}</span>
            </List.Item>
          ))}
        </List>
      )}
    </PageShell>
  );
}
