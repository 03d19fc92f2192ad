/** The copy-trading agreement (follow/agreement_zh, follow/agreement_en): plain text, headed sections. */
import { PageShell } from '../../../components/PageShell';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { AGREEMENT_EN, AGREEMENT_ZH } from '../agreement';
import '../../../components/ui.css';
import '../copytrade.css';

export default function AgreementPage({ lang }: { lang: 'zh' | 'en' }) {
  const text = lang === 'zh' ? AGREEMENT_ZH : AGREEMENT_EN;
  return (
    <PageShell backTo={COPY_ROUTES.list} className="ui-page cp-page">
      <article className="cp-agreement" lang={lang === 'zh' ? 'zh-CN' : 'en'} data-testid="cp-agreement">
        <h1>{text.title}</h1>
        <p className="cp-agreement-lead">{text.updated}</p>
        {text.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.paragraphs.map((p) => (
              <p key={p.slice(0, 40)}>{p}</p>
            ))}
          </section>
        ))}
      </article>
    </PageShell>
  );
}
