import { useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Camera, ChevronLeft, ChevronRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { recordForm } from '../state/recordForm.ts';
import { PHOTO_ACCEPT, answerPhotoQuestion, changePhotos, pickPhotos } from './actions.ts';
import { MAX_PHOTOS, coverKey, movePhoto, removePhoto, setCover, type FormPhotoItem } from './photoList.ts';
import { formatDateSl } from '../ui/format.ts';
import { ConfirmDelete } from '../ui/ConfirmDelete.tsx';

/**
 * The find's photos (jpg, jpeg, png; up to 10): several picked at once or one from the camera, a
 * row of thumbnails; the selected one is moved left or right, made the cover or removed (a photo
 * the find already has only after the user confirms). Reads location and date from a new photo.
 */
export function PhotoField() {
  useSignals();
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<FormPhotoItem | null>(null);
  const f = recordForm.value;
  if (!f) return null;
  const { items } = f.photos;
  const cover = coverKey(f.photos);
  const error = f.errors.photo;
  const full = items.length >= MAX_PHOTOS;
  const current = items.find((p) => p.key === selected) ?? null;
  const at = current ? items.indexOf(current) : -1;

  const take = async (files: FileList | null): Promise<void> => {
    const list = files ? [...files] : [];
    if (list.length === 0) return;
    setReading(true);
    try {
      await pickPhotos(list);
    } finally {
      setReading(false);
    }
  };
  const remove = (p: FormPhotoItem): void => {
    changePhotos((l) => removePhoto(l, p.key));
    setSelected(null);
  };
  const fileInput = (ref: typeof picker, id: string, camera: boolean) => (
    <input
      ref={ref}
      id={id}
      type="file"
      accept={camera ? 'image/jpeg,image/png' : PHOTO_ACCEPT}
      multiple={!camera}
      {...(camera ? { capture: 'environment' as const } : {})}
      className="visually-hidden"
      tabIndex={-1}
      aria-labelledby="photo-label"
      aria-describedby="photo-hint"
      onChange={(e) => {
        const files = e.target.files;
        void take(files).finally(() => (e.target.value = ''));
      }}
    />
  );

  return (
    <div className={`field photo-field${error ? ' has-error' : ''}`}>
      <span className="field-label photo-field-label" id="photo-label">
        {sl.records.photo}
        {items.length > 0 && <span className="photo-count">{sl.records.photoCount(items.length, MAX_PHOTOS)}</span>}
      </span>
      {items.length > 0 && (
        <ul className="photo-strip" aria-labelledby="photo-label" data-testid="photo-strip">
          {items.map((p, i) => {
            const isCover = p.key === cover;
            return (
              <li key={p.key}>
                <button
                  type="button"
                  className={`photo-thumb${isCover ? ' is-cover' : ''}`}
                  aria-pressed={p.key === selected}
                  aria-label={sl.records.photoThumb(i + 1, items.length, isCover)}
                  title={sl.records.photoThumb(i + 1, items.length, isCover)}
                  onClick={() => setSelected(p.key === selected ? null : p.key)}
                  onKeyDown={(e) => {
                    // Alt+arrow moves the photo itself (the buttons below do the same).
                    if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
                    e.preventDefault();
                    changePhotos((l) => movePhoto(l, p.key, e.key === 'ArrowLeft' ? -1 : 1));
                    setSelected(p.key);
                  }}
                >
                  {p.previewUrl ? <img src={p.previewUrl} alt="" /> : <Camera aria-hidden />}
                  {isCover && (
                    <span className="photo-cover-badge" aria-hidden>
                      <Star />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {current && (
        <div
          className="photo-tools"
          role="group"
          aria-label={sl.records.photoThumb(at + 1, items.length, current.key === cover)}
        >
          <button
            type="button"
            className="button small"
            disabled={at === 0}
            aria-label={sl.records.photoMoveLeft(at + 1)}
            title={sl.records.photoMoveLeft(at + 1)}
            onClick={() => changePhotos((l) => movePhoto(l, current.key, -1))}
          >
            <ChevronLeft aria-hidden /> {sl.records.photoLeft}
          </button>
          <button
            type="button"
            className="button small"
            disabled={at === items.length - 1}
            aria-label={sl.records.photoMoveRight(at + 1)}
            title={sl.records.photoMoveRight(at + 1)}
            onClick={() => changePhotos((l) => movePhoto(l, current.key, 1))}
          >
            {sl.records.photoRight} <ChevronRight aria-hidden />
          </button>
          <button
            type="button"
            className="button small"
            aria-pressed={current.key === cover}
            aria-label={current.key === cover ? sl.records.photoIsCover(at + 1) : sl.records.photoMakeCover(at + 1)}
            title={current.key === cover ? sl.records.photoIsCover(at + 1) : sl.records.photoMakeCover(at + 1)}
            onClick={() => changePhotos((l) => setCover(l, current.key))}
          >
            <Star aria-hidden /> {sl.records.photoCover}
          </button>
          <button
            type="button"
            className="button small danger"
            aria-label={sl.records.photoRemoveLabel(at + 1)}
            title={sl.records.photoRemoveLabel(at + 1)}
            onClick={() => (current.source.kind === 'stored' ? setConfirmRemove(current) : remove(current))}
          >
            <Trash2 aria-hidden /> {sl.records.photoRemove}
          </button>
        </div>
      )}
      {fileInput(picker, 'record-photo', false)}
      {fileInput(camera, 'record-camera', true)}
      <div className="photo-add">
        <button type="button" className="button" onClick={() => picker.current?.click()} disabled={reading || full}>
          <ImagePlus aria-hidden /> {sl.records.photoPick}
        </button>
        <button type="button" className="button" onClick={() => camera.current?.click()} disabled={reading || full}>
          <Camera aria-hidden /> {sl.records.photoCamera}
        </button>
      </div>
      <p id="photo-hint" className="field-hint">
        {reading
          ? sl.records.photoReading
          : items.length > 1 && !current
            ? sl.records.photoListHint
            : sl.records.photoHint}
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
      {confirmRemove && (
        <ConfirmDelete
          header={sl.records.photoRemoveHeader}
          message={sl.records.photoRemoveConfirm}
          onClose={() => setConfirmRemove(null)}
          onConfirm={() => remove(confirmRemove)}
        />
      )}
    </div>
  );
}
