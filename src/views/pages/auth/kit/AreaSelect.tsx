import { useTranslation } from 'react-i18next';
import type { Area } from './use-areas.ts';

/** The country-code selector of a phone field (spec §2): shows "+81", lists "Japan +81". */
export function AreaSelect({
  id,
  areas,
  value,
  onChange,
}: {
  id: string;
  areas: readonly Area[];
  value: number | null;
  onChange: (areaId: number) => void;
}) {
  const { t } = useTranslation();
  const current = areas.find((area) => area.id === value);
  return (
    <span className="area-select">
      <span className="area-code" aria-hidden="true">
        {current ? `+${current.global_code}` : '+'}
      </span>
      <select
        id={id}
        aria-label={t('auth.country')}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {value === null && <option value="">{t('auth.chooseCountry')}</option>}
        {areas.map((area) => (
          <option key={area.id} value={area.id}>
            {`${area.name} +${area.global_code}`}
          </option>
        ))}
      </select>
    </span>
  );
}
