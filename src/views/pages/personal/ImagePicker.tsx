import { useMachine } from '../../use-app-actor.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_TYPES } from '../../../domain/validation/image.ts';
import { useServices } from '../../services-context.ts';
import { useLatest } from '../auth/kit/use-latest.ts';
import { useProblemReporter } from '../auth/kit/use-problem-reporter.ts';

interface ImagePickerProps {
  id: string;
  label: string;
  /** The uploaded image's URL, '' for none. */
  value: string;
  onChange: (url: string) => void;
  invalid?: boolean;
  square?: boolean;
}

/** Picks and uploads one image (ID photo, QR code) and shows it; the whole tile opens the picker. */
export function ImagePicker({
  id,
  label,
  value,
  onChange,
  invalid = false,
  square = false,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const { machines } = useServices();
  const report = useProblemReporter(id);
  const latest = useLatest({ onChange, report });
  const [logic] = useState(() =>
    machines.personal.imageUpload({
      reportProblem: (_, { problem }) => latest.current.report(problem),
      uploaded: (_, { url }) => latest.current.onChange(url),
    }),
  );
  const [snapshot, send] = useMachine(logic, { input: { url: value } });
  const uploading = snapshot.matches('uploading');

  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <label className={`image-picker${square ? ' square' : ''}`} aria-busy={uploading || undefined}>
        {value ? (
          <>
            <img src={value} alt={label} />
            <span className="image-picker-change">{t('personal.changeImage')}</span>
          </>
        ) : (
          <>
            <svg
              aria-hidden="true"
              width="28"
              height="28"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            >
              <path d="M12 16V4M7 9l5-5 5 5M4 16v4h16v-4" />
            </svg>
            <span>{uploading ? t('personal.uploading') : t('personal.upload')}</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          aria-invalid={invalid || undefined}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file can be picked again after a failed upload.
            event.target.value = '';
            if (file) send({ type: 'PICK', file });
          }}
        />
      </label>
    </div>
  );
}
