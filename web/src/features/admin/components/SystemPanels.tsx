/** The admin's system views: the ledger audit and the platform deposit addresses (health: HealthPanel). */
import { Button, Form, Input, Picker, Popup } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, DownOutline, EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetFundCurrenciesQuery } from '../../../shared/funds/api';
import { QueryBlock } from '../../../components/QueryBlock';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useGetAuditQuery, useGetPlatformAddressesQuery, useSavePlatformAddressMutation, type PlatformAddress } from '../api';

function useCoinNames() {
  const coins = useGetFundCurrenciesQuery();
  return (id: number | string) => coins.data?.find((c) => String(c.id) === String(id))?.name ?? `#${id}`;
}

export function AuditPanel() {
  const { t } = useTranslation();
  const audit = useGetAuditQuery(undefined, { refetchOnMountOrArgChange: true });
  const coinName = useCoinNames();
  const report = audit.data;
  return (
    <QueryBlock isLoading={audit.isLoading} isError={audit.isError && !report} onRetry={audit.refetch}>
      {report ? (
        <div data-testid="admin-audit">
          <section className={`admin-verdict ${report.ok ? 'ok' : 'broken'}`}>
            {report.ok ? <CheckCircleFill /> : <CloseCircleFill />}
            <div>
              <strong data-testid="admin-audit-verdict">{t(report.ok ? 'admin.audit.ok' : 'admin.audit.broken')}</strong>
              <span>{t('admin.audit.counts', { entries: report.entries, balances: report.balances_checked })}</span>
            </div>
          </section>
          {report.first_broken ? (
            <section className="card">
              <h2 className="admin-subtitle">{t('admin.audit.firstBroken')}</h2>
              <pre className="admin-pre">{JSON.stringify(report.first_broken, null, 2)}</pre>
            </section>
          ) : null}
          <section className="card">
            <h2 className="admin-subtitle">{t('admin.audit.sums')}</h2>
            {report.currencies.map(([currency, sum]) => (
              <div className="funds-line" key={String(currency)}>
                <span className="funds-line-label">{coinName(currency)}</span>
                <span className={`funds-line-value ${String(sum) === '0' ? '' : 'down'}`}>{String(sum)}</span>
              </div>
            ))}
          </section>
          <Button block shape="rounded" onClick={() => void audit.refetch()} disabled={audit.isFetching}>
            {t('admin.audit.run')}
          </Button>
        </div>
      ) : null}
    </QueryBlock>
  );
}

interface AddressValues {
  currency: string;
  network: string;
  address: string;
}

function AddressEditor({ initial, onClose }: { initial: PlatformAddress | null; onClose: () => void }) {
  const { t } = useTranslation();
  const coins = useGetFundCurrenciesQuery();
  const [form] = Form.useForm<AddressValues>();
  const [save, { isLoading }] = useSavePlatformAddressMutation();
  const [picker, setPicker] = useState<'currency' | 'network' | null>(null);
  const currency = (Form.useWatch('currency', form) as string | undefined) ?? (initial ? String(initial.currency) : '');
  const network = (Form.useWatch('network', form) as string | undefined) ?? initial?.network ?? '';
  const options = (coins.data ?? []).filter((c) => c.networks.length > 0);
  const coin = options.find((c) => String(c.id) === currency);

  const onFinish = async (v: AddressValues) => {
    try {
      await save({ currency: Number(v.currency), network: v.network, address: v.address.trim() }).unwrap();
      showToast(t('admin.addresses.saved'), 'success');
      onClose();
    } catch {
      // Told by the admin fetch; the form stays.
    }
  };

  const required = (key: string) => ({
    validator: async (_r: unknown, value: unknown) => {
      if (!value || String(value).trim() === '') throw new Error(t(key));
    },
  });

  return (
    <div className="admin-editor" data-testid="admin-address-editor" role="dialog" aria-modal="true" aria-label={t(initial ? 'admin.addresses.edit' : 'admin.addresses.add')}>
      <h2>{t(initial ? 'admin.addresses.edit' : 'admin.addresses.add')}</h2>
      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        initialValues={{ currency: initial ? String(initial.currency) : '', network: initial?.network ?? '', address: initial?.address ?? '' }}
        onFinish={onFinish}
        footer={<SubmitButton busy={isLoading}>{t('common.save')}</SubmitButton>}
      >
        <Form.Item name="currency" label={t('admin.coin')} rules={[required('admin.addresses.coinRequired')]}>
          <button type="button" className="funds-select in-form" onClick={() => setPicker('currency')} disabled={Boolean(initial)}>
            <strong>{coin?.name ?? t('admin.addresses.choose')}</strong>
            <span className="funds-select-sub" />
            {initial ? null : <DownOutline />}
          </button>
        </Form.Item>
        <Form.Item name="network" label={t('admin.network')} rules={[required('admin.addresses.networkRequired')]}>
          <button type="button" className="funds-select in-form" onClick={() => coin && setPicker('network')} disabled={Boolean(initial) || !coin}>
            <strong>{network || t('admin.addresses.choose')}</strong>
            <span className="funds-select-sub" />
            {initial ? null : <DownOutline />}
          </button>
        </Form.Item>
        <Form.Item name="address" label={t('admin.address')} rules={[required('admin.addresses.addressRequired')]}>
          <Input placeholder={t('admin.addresses.addressPlaceholder')} maxLength={128} clearable data-testid="admin-address-input" />
        </Form.Item>
      </Form>
      <Picker
        visible={picker === 'currency'}
        onClose={() => setPicker(null)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        columns={[options.map((c) => ({ label: c.name, value: String(c.id) }))]}
        onConfirm={(v) => {
          const next = options.find((c) => String(c.id) === v[0]);
          form.setFieldsValue({ currency: String(v[0] ?? ''), network: next?.networks[0] ?? '' });
        }}
      />
      <Picker
        visible={picker === 'network'}
        onClose={() => setPicker(null)}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        columns={[(coin?.networks ?? []).map((n) => ({ label: n, value: n }))]}
        onConfirm={(v) => form.setFieldsValue({ network: String(v[0] ?? '') })}
      />
    </div>
  );
}

export function AddressesPanel() {
  const { t } = useTranslation();
  const list = useGetPlatformAddressesQuery();
  const coinName = useCoinNames();
  const [editing, setEditing] = useState<PlatformAddress | 'new' | null>(null);
  return (
    <div data-testid="admin-addresses">
      <QueryBlock
        isLoading={list.isLoading}
        isError={list.isError && !list.data}
        onRetry={list.refetch}
        empty={(list.data ?? []).length === 0}
        emptyTitle={t('admin.addresses.empty')}
      >
        {(list.data ?? []).map((a) => (
          <article className="funds-item" key={`${a.currency}-${a.network}`}>
            <header className="funds-item-head">
              <strong className="ellipsis">
                {coinName(a.currency)} · {a.network}
                {a.demo ? (
                  <span className="admin-demo-tag" data-testid="admin-address-demo">
                    {t('admin.addresses.demo')}
                  </span>
                ) : null}
              </strong>
              <button type="button" className="icon-button small" onClick={() => setEditing(a)} aria-label={t('admin.addresses.edit')}>
                <EditSOutline />
              </button>
            </header>
            <span className="funds-break admin-mono">{a.address}</span>
            <time className="hint">{t('admin.addresses.updated', { time: formatDateTime(a.updated_at) })}</time>
          </article>
        ))}
      </QueryBlock>
      <Button block color="primary" shape="rounded" onClick={() => setEditing('new')}>
        {t('admin.addresses.add')}
      </Button>
      <Popup visible={editing !== null} onMaskClick={() => setEditing(null)} bodyClassName="message-popup" destroyOnClose>
        {editing !== null ? <AddressEditor initial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      </Popup>
    </div>
  );
}
