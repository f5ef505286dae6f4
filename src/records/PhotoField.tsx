import { useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Camera } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { recordForm } from '../state/recordForm.ts';
import { PHOTO_ACCEPT, answerPhotoQuestion, pickPhoto } from './actions.ts';
import { formatDateSl } from '../ui/format.ts';

/** The photo picker (jpg, jpeg, png) with a preview; reads location and date from the photo. */
export function PhotoField() {
  useSignals();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const f = recordForm.value;
  if (!f) return null;
  const preview = f.photo?.previewUrl ?? f.existingPhotoUrl;
  const error = f.errors.photo;
  return (
    <div className={`field photo-field${error ? ' has-error' : ''}`}>
      <span className="field-label" id="photo-label">
        {sl.records.photo}
      </span>
      {preview && (
        <img className="photo-preview" src={preview} alt={f.photo ? f.photo.file.name : sl.records.photoCurrent} />
      )}
      <input
        ref={input}
        id="record-photo"
        type="file"
        accept={PHOTO_ACCEPT}
        className="visually-hidden"
        aria-labelledby="photo-label"
        aria-describedby="photo-hint"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setReading(true);
          try {
            await pickPhoto(file);
          } finally {
            setReading(false);
          }
        }}
      />
      <button type="button" className="button" onClick={() => input.current?.click()} disabled={reading}>
        <Camera aria-hidden /> {preview ? sl.records.photoChange : sl.records.photoPick}
      </button>
      <p id="photo-hint" className="field-hint">
        {reading ? sl.records.photoReading : sl.records.photoHint}
      </p>
      {f.photo && !f.photo.gpsCoord && (
        <p className="field-hint">{f.coord ? sl.records.photoNoGpsKeep : sl.records.photoNoGps}</p>
      )}
      {f.photoQuestion && (
        <div className="photo-question" role="group" aria-labelledby="photo-question-text">
          <p id="photo-question-text" role="status">
            {sl.records.photoDiffers(
              Boolean(f.photoQuestion.gpsCoord),
              f.photoQuestion.takenOn ? formatDateSl(f.photoQuestion.takenOn) : null,
            )}
          </p>
          <div className="photo-question-actions">
            <button type="button" className="button" onClick={() => answerPhotoQuestion(true)}>
              {sl.records.photoTake}
            </button>
            <button type="button" className="button" onClick={() => answerPhotoQuestion(false)}>
              {sl.records.photoKeep}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
