import { useMachine } from '../../use-app-actor.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../services-context.ts';
import { Field } from '../auth/kit/Field.tsx';
import { useLatest } from '../auth/kit/use-latest.ts';
import { fieldId, useProblemReporter } from '../auth/kit/use-problem-reporter.ts';
import { ImagePicker } from './ImagePicker.tsx';

const FORM = 'realname';

function StatusPanel({ tone, title, body }: { tone: 'ok' | 'wait'; title: string; body: string }) {
  return (
    <div className="status-panel" role="status">
      <span className={`status-icon ${tone}`} aria-hidden="true">
        <svg
          className={tone === 'wait' ? 'spin' : undefined}
          width="30"
          height="30"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {tone === 'ok' ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M12 3a9 9 0 1 0 9 9" />}
        </svg>
      </span>
      <h2>{title}</h2>
      <p>{body}</p>
    </div>
  );
}

/** /personal/authentication (spec §2, §4): the real-name form, then "in review", then "verified". */
export default function AuthenticationPage() {
  const { t } = useTranslation();
  const { machines } = useServices();
  const report = useProblemReporter(FORM);
  const latest = useLatest({ report });
  const [logic] = useState(() =>
    machines.personal.reviewStatus({ reportProblem: (_, { problem }) => latest.current.report(problem) }),
  );
  const [snapshot, send] = useMachine(logic);
  const { values, problem } = snapshot.context;
  const invalid = (field: string) => problem?.field === field;

  let body;
  if (snapshot.matches('verified')) {
    body = <StatusPanel tone="ok" title={t('personal.verifiedTitle')} body={t('personal.verifiedBody')} />;
  } else if (snapshot.matches('inReview') || snapshot.matches('checking')) {
    body = <StatusPanel tone="wait" title={t('personal.reviewTitle')} body={t('personal.reviewBody')} />;
  } else if (snapshot.matches('failed')) {
    body = (
      <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
        {t('common.retry')}
      </button>
    );
  } else if (snapshot.matches('loading')) {
    body = (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  } else {
    body = (
      <form
        className="form-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <div className="form-stack form-narrow">
          <Field
            id={fieldId(FORM, 'name')}
            label={t('personal.realName')}
            autoComplete="name"
            placeholder={t('personal.realNamePlaceholder')}
            value={values.name}
            invalid={invalid('name')}
            onValue={(name) => send({ type: 'SET', values: { name } })}
          />
          <Field
            id={fieldId(FORM, 'cardId')}
            label={t('personal.cardId')}
            autoComplete="off"
            placeholder={t('personal.cardIdPlaceholder')}
            value={values.cardId}
            invalid={invalid('cardId')}
            onValue={(cardId) => send({ type: 'SET', values: { cardId } })}
          />
        </div>
        <div className="uploads">
          <ImagePicker
            id={fieldId(FORM, 'frontPic')}
            label={t('personal.frontPic')}
            value={values.frontPic}
            invalid={invalid('frontPic')}
            onChange={(frontPic) => send({ type: 'SET', values: { frontPic } })}
          />
          <ImagePicker
            id={fieldId(FORM, 'backPic')}
            label={t('personal.backPic')}
            value={values.backPic}
            invalid={invalid('backPic')}
            onChange={(backPic) => send({ type: 'SET', values: { backPic } })}
          />
        </div>
        <p className="field-hint">{t('personal.photoHint')}</p>
        <div>
          <button className="btn btn-primary" type="submit" disabled={snapshot.matches('submitting')}>
            {t('personal.submitReview')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="card" data-testid="authentication-page" aria-labelledby="auth-heading">
      <div className="card-head">
        <div>
          <h1 id="auth-heading">{t('pages.authentication')}</h1>
          <p className="card-lead">{t('personal.authenticationLead')}</p>
        </div>
      </div>
      {body}
    </section>
  );
}
