/**
 * Identity verification: the e-mail and phone bindings it needs first, the
 * state of both levels (not verified, verifying, verified, failed with the
 * reason and a way to go again), and the forms: level 1 (document type, name,
 * number, front and back photos, optional ERC and TRC addresses) and level 2
 * (photos). The open form is in the address (`?form=1|2`) so back closes it.
 */
import { Button, Form, Input } from 'antd-mobile';
import { CheckCircleFill, MailOutline, PhonebookOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetRealStateQuery, type RealState } from '../../../shared/funds/api';
import { QueryBlock } from '../../../components/QueryBlock';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { PictureUpload } from '../../../shared/funds/PictureUpload';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { SubmitButton } from '../../../components/SubmitButton';
import { ROUTES } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { useGoBack } from '../../../lib/navigation';
import { useRealtime } from '../../../lib/socket';
import { ruleOf } from '../../../lib/formRules';
import { showToast } from '../../../lib/toast';
import { useSubmitVerificationMutation, type IdType } from '../api';
import { checkDocumentNumber, checkOptionalAddress, checkRealName, checkRequired, levelAction } from '../logic';
import '../../../shared/funds/styles.css';

const STATE: Record<number, { key: string; tone: StatusTone }> = {
  0: { key: 'identity.state.none', tone: 'muted' },
  1: { key: 'identity.state.verifying', tone: 'pending' },
  2: { key: 'identity.state.verified', tone: 'success' },
  3: { key: 'identity.state.failed', tone: 'danger' },
};

const ID_TYPES: IdType[] = ['id_card', 'passport', 'driver_license'];

function Bindings({ state }: { state: RealState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rows = [
    { key: 'email', bound: state.email_bound, icon: <MailOutline />, route: ROUTES.bindEmail },
    { key: 'phone', bound: state.mobile_bound, icon: <PhonebookOutline />, route: ROUTES.bindPhone },
  ];
  return (
    <section className="card funds-bindings" data-testid="real-bindings">
      <h2>{t('identity.bindFirst')}</h2>
      {rows.map((r) => (
        <button
          type="button"
          key={r.key}
          className="funds-binding"
          onClick={() => navigate(r.route)}
          disabled={r.bound}
          data-testid={`real-bind-${r.key}`}
        >
          <span className="funds-binding-icon">{r.icon}</span>
          <span className="funds-binding-name ellipsis">{t(`identity.${r.key}`)}</span>
          {r.bound ? (
            <StatusTag tone="success">{t('identity.bound')}</StatusTag>
          ) : (
            <span className="funds-binding-go">
              {t('identity.bindNow')} <RightOutline />
            </span>
          )}
        </button>
      ))}
    </section>
  );
}

function LevelCard({ state, level }: { state: RealState; level: 1 | 2 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = level === 1 ? state.level1 : state.level2;
  const look = STATE[info.state] ?? STATE[0];
  const action = levelAction(state, level);

  const open = () => navigate(`${FUNDS_ROUTES.real}?form=${level}`);
  const locked = () => {
    const bindingsMissing = !state.email_bound || !state.mobile_bound;
    showToast(t(bindingsMissing ? 'identity.bindFirst' : 'identity.level1First'));
  };

  return (
    <section className={`card funds-level ${info.state === 2 ? 'done' : ''}`} data-testid={`real-level-${level}`} data-state={info.state}>
      <header>
        <span className="funds-level-badge">{`Lv${level}`}</span>
        <h2 className="ellipsis">{t(`identity.level${level}.title`)}</h2>
        <StatusTag tone={look.tone}>{t(look.key)}</StatusTag>
      </header>
      <ul className="funds-perks">
        <li>{t(`identity.level${level}.perkCrypto`)}</li>
        <li>{t(`identity.level${level}.perkFiat`)}</li>
      </ul>
      {info.name ? (
        <p className="hint">
          {t('identity.submittedAs', { name: info.name, type: t(`identity.idType.${info.id_type ?? 'id_card'}`) })}
          {info.created_at ? ` · ${formatDateTime(info.created_at)}` : ''}
        </p>
      ) : null}
      {info.state === 3 && info.reason ? <p className="funds-reason">{t('identity.failedReason', { reason: info.reason })}</p> : null}
      {action === 'start' || action === 'retry' ? (
        <Button block color="primary" shape="rounded" className="tap-44" onClick={open} data-testid={`real-start-${level}`}>
          {t(action === 'retry' ? 'identity.again' : 'identity.start')}
        </Button>
      ) : null}
      {action === 'locked' ? (
        <Button block shape="rounded" className="tap-44" onClick={locked} data-testid={`real-start-${level}`}>
          {t(level === 2 && state.email_bound && state.mobile_bound ? 'identity.level1First' : 'identity.bindFirstShort')}
        </Button>
      ) : null}
      {action === 'wait' ? <p className="hint">{t('identity.waitHint')}</p> : null}
      {action === 'done' ? (
        <p className="funds-done">
          <CheckCircleFill /> {t('identity.doneHint')}
        </p>
      ) : null}
    </section>
  );
}

interface Level1Values {
  id_type: IdType;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  erc_address: string;
  trc_address: string;
}

function IdTypeChoice({ value, onChange }: { value?: IdType; onChange?: (v: IdType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="funds-chips" role="radiogroup">
      {ID_TYPES.map((x) => (
        <button
          type="button"
          key={x}
          role="radio"
          aria-checked={value === x}
          className={`funds-choice ${value === x ? 'active' : ''}`}
          onClick={() => onChange?.(x)}
          data-testid={`real-idtype-${x}`}
        >
          {t(`identity.idType.${x}`)}
        </button>
      ))}
    </div>
  );
}

function LevelForm({ level, onDone }: { level: 1 | 2; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Level1Values>();
  const [submit, { isLoading }] = useSubmitVerificationMutation();

  const onFinish = async (v: Level1Values) => {
    try {
      if (level === 1) {
        await submit({
          real_type: 1,
          id_type: v.id_type,
          name: v.name.trim(),
          card_id: v.card_id.trim(),
          front_pic: v.front_pic,
          reverse_pic: v.reverse_pic,
          erc_address: v.erc_address?.trim() || undefined,
          trc_address: v.trc_address?.trim() || undefined,
        }).unwrap();
      } else {
        await submit({ real_type: 2, front_pic: v.front_pic, reverse_pic: v.reverse_pic }).unwrap();
      }
      showToast(t('identity.submitted'), 'success');
      onDone();
    } catch {
      // Told by the base query; the form keeps what was entered.
    }
  };

  const required = (key: string) => ruleOf(t, (v) => checkRequired(v, key));

  return (
    <>
      <PageHeading title={t(`identity.level${level}.formTitle`)} subtitle={t(`identity.level${level}.formHint`)} />
      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        validateTrigger="onBlur"
        initialValues={{ id_type: 'id_card', name: '', card_id: '', front_pic: '', reverse_pic: '', erc_address: '', trc_address: '' }}
        onFinish={onFinish}
        footer={
          <SubmitButton busy={isLoading} testId="real-submit">
            {t('identity.submit')}
          </SubmitButton>
        }
      >
        {level === 1 ? (
          <>
            <Form.Item name="id_type" label={t('identity.idTypeLabel')}>
              <IdTypeChoice />
            </Form.Item>
            <Form.Item name="name" label={t('identity.name')} rules={[ruleOf(t, checkRealName)]}>
              <Input placeholder={t('identity.namePlaceholder')} maxLength={50} clearable data-testid="real-name" />
            </Form.Item>
            <Form.Item name="card_id" label={t('identity.idNumber')} rules={[ruleOf(t, checkDocumentNumber)]}>
              <Input placeholder={t('identity.idNumberPlaceholder')} maxLength={32} clearable data-testid="real-card-id" />
            </Form.Item>
          </>
        ) : null}
        <div className="funds-upload-pair">
          <Form.Item
            name="front_pic"
            label={t(level === 1 ? 'identity.front' : 'identity.level2.front')}
            rules={[required('identity.validation.frontRequired')]}
            validateTrigger="onChange"
          >
            <PictureUpload caption={t('identity.tapToUpload')} testId="real-front" />
          </Form.Item>
          <Form.Item
            name="reverse_pic"
            label={t(level === 1 ? 'identity.back' : 'identity.level2.back')}
            rules={[required('identity.validation.backRequired')]}
            validateTrigger="onChange"
          >
            <PictureUpload caption={t('identity.tapToUpload')} testId="real-back" />
          </Form.Item>
        </div>
        {level === 1 ? (
          <>
            <Form.Item name="erc_address" label={t('identity.ercAddress')} rules={[ruleOf(t, checkOptionalAddress)]}>
              <Input placeholder={t('identity.optional')} maxLength={128} clearable />
            </Form.Item>
            <Form.Item name="trc_address" label={t('identity.trcAddress')} rules={[ruleOf(t, checkOptionalAddress)]}>
              <Input placeholder={t('identity.optional')} maxLength={128} clearable />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </>
  );
}

export default function RealPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(FUNDS_ROUTES.real);
  const [params] = useSearchParams();
  // The review's outcome shows while the page is open: the state is
  // refetched on the `verification` event over the live connection kept here.
  useRealtime();
  const real = useGetRealStateQuery(undefined, { refetchOnMountOrArgChange: true });
  const formParam = params.get('form');
  const state = real.data;
  const formLevel = formParam === '1' || formParam === '2' ? (Number(formParam) as 1 | 2) : null;
  const formOpen = state && formLevel && ['start', 'retry'].includes(levelAction(state, formLevel)) ? formLevel : null;

  return (
    <PageShell backTo={formOpen ? FUNDS_ROUTES.real : ROUTES.setting} className="funds">
      <QueryBlock isLoading={real.isLoading} isError={real.isError && !state} onRetry={real.refetch}>
        {state && formOpen ? (
          <LevelForm level={formOpen} onDone={goBack} />
        ) : state ? (
          <>
            <PageHeading title={t('identity.title')} subtitle={t('identity.subtitle')} />
            {!state.email_bound || !state.mobile_bound ? <Bindings state={state} /> : null}
            <LevelCard state={state} level={1} />
            <LevelCard state={state} level={2} />
          </>
        ) : null}
      </QueryBlock>
    </PageShell>
  );
}
