import { landmarksOf, type Landmark } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import '../i18n/parts/map.js';

/**
 * "Near a place": the town's landmarks (libs/contracts landmarks.ts), by kind. Loaded on the tap
 * that opens it, so the list never weighs on the home page's first visit.
 */
export default function NearPlace({ town, onPick }: { town: string; onPick: (landmark: Landmark) => void }) {
  const { t } = useI18n();
  const places = landmarksOf(town);
  if (places.length === 0) return <p className="muted small">{t('map.nearPlaceNoTown')}</p>;
  return (
    <label className="field">
      <span>{t('map.nearPlaceLabel')}</span>
      <select
        defaultValue=""
        onChange={(e) => {
          const picked = places.find((p) => p.id === e.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="" disabled>
          {t('map.choosePlace')}
        </option>
        {places.map((p) => (
          <option key={p.id} value={p.id}>
            {`${p.name} (${t(`map.kind.${p.kind}`)})`}
          </option>
        ))}
      </select>
    </label>
  );
}
