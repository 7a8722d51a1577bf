import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_TITLE_MAX,
  FEEDBACK_TYPES,
} from '../../../domain/validation/feedback.ts';
import { charCount, clean } from '../../../domain/validation/text.ts';
import { EMPTY_FEEDBACK, feedbackForm } from '../../../machines/feedback.machine.ts';
import { Field } from '../auth/kit/Field.tsx';
import { useForm } from '../auth/kit/use-form.ts';
import { fieldId } from '../auth/kit/use-problem-reporter.ts';

const FORM = 'feedback';

/** /personal/feedback (spec §2): type, title, content of at least 10 characters. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const [snapshot, send] = useForm(feedbackForm, { formId: FORM, initial: EMPTY_FEEDBACK });
  const { values, problem } = snapshot.context;
  const invalid = (field: string) => problem?.field === field;
  return (
    <section className="card" data-testid="feedback-page" aria-labelledby="feedback-heading">
      <div className="card-head">
        <div>
          <h1 id="feedback-heading">{t('pages.feedback')}</h1>
          <p className="card-lead">{t('personal.feedbackLead')}</p>
        </div>
      </div>
      <form
        className="form-stack form-narrow"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <div className={`field${invalid('type') ? ' field-invalid' : ''}`}>
          <label htmlFor={fieldId(FORM, 'type')}>{t('personal.feedbackType')}</label>
          <div className="field-box select-box">
            <select
              id={fieldId(FORM, 'type')}
              value={values.type ?? ''}
              aria-invalid={invalid('type') || undefined}
              onChange={(event) =>
                send({
                  type: 'SET',
                  values: { type: event.target.value ? Number(event.target.value) : null },
                })
              }
            >
              <option value="">{t('personal.chooseType')}</option>
              {FEEDBACK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`personal.feedbackTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Field
          id={fieldId(FORM, 'title')}
          label={t('personal.feedbackTitle')}
          placeholder={t('personal.feedbackTitlePlaceholder')}
          maxLength={FEEDBACK_TITLE_MAX}
          value={values.title}
          invalid={invalid('title')}
          onValue={(title) => send({ type: 'SET', values: { title } })}
        />
        <div className={`field${invalid('content') ? ' field-invalid' : ''}`}>
          <label htmlFor={fieldId(FORM, 'content')}>{t('personal.feedbackContent')}</label>
          <div className="field-box">
            <textarea
              id={fieldId(FORM, 'content')}
              placeholder={t('personal.feedbackContentPlaceholder')}
              maxLength={FEEDBACK_CONTENT_MAX}
              value={values.content}
              aria-invalid={invalid('content') || undefined}
              onChange={(event) => send({ type: 'SET', values: { content: event.target.value } })}
            />
          </div>
          <span className="counter">{`${charCount(clean(values.content))} / ${FEEDBACK_CONTENT_MAX}`}</span>
        </div>
        <div>
          <button className="btn btn-primary" type="submit" disabled={!snapshot.matches('editing')}>
            {t('personal.sendFeedback')}
          </button>
        </div>
      </form>
    </section>
  );
}
