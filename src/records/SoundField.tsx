import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { CircleStop, FileAudio, Mic, Trash2 } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { recordForm } from '../state/recordForm.ts';
import { soundDraft, patchSoundDraft } from '../state/soundDraft.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { Modal } from '../ui/Modal.tsx';
import { SOUND_ACCEPT, formatClock, loadDraft, pickSound, recordedSound, releaseDraft } from './sound.ts';
import { SoundRecorder, recordingType } from './recorder.ts';
import { MAX_RECORDING_MS } from '../../domain/sound.ts';

/**
 * The report form's sound (domain/sound.ts): record up to 2 minutes with a level meter, a timer
 * and a stop button, or pick an audio file; play it back before saving; remove it (asking first
 * when the find already has it saved).
 */
export function SoundField() {
  useSignals();
  const f = recordForm.value;
  const formKey = f?.idempotencyKey ?? '';
  const editId = f?.mode === 'edit' ? f.id : null;
  const input = useRef<HTMLInputElement>(null);
  const meter = useRef<HTMLDivElement>(null);
  const clock = useRef<HTMLSpanElement>(null);
  const recorder = useRef<SoundRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const [askRemove, setAskRemove] = useState(false);

  useEffect(() => {
    void loadDraft(formKey, editId);
    return () => {
      recorder.current?.cancel();
      recorder.current = null;
      releaseDraft(formKey);
    };
  }, [formKey, editId]);

  if (!f) return null;
  const d = soundDraft.value;
  const shown = d.next ?? (d.existing && !d.removed ? d.existing : null);
  const savedShown = !d.next && shown !== null;
  const busy = f.stage !== null;

  const startRecording = async (): Promise<void> => {
    const type = recordingType();
    if (type === null) return patchSoundDraft(formKey, { error: sl.sound.unsupported });
    patchSoundDraft(formKey, { error: null });
    let lastSecond = -1;
    try {
      recorder.current = await SoundRecorder.start(type, {
        // Drawn once a frame without React: a transform of the bar and the clock's text when its second changes.
        onFrame(level, elapsed) {
          if (meter.current) meter.current.style.transform = `scaleX(${Math.min(1, level * 1.4).toFixed(3)})`;
          const second = Math.floor(elapsed / 1000);
          if (second !== lastSecond && clock.current) {
            lastSecond = second;
            clock.current.textContent = `${formatClock(elapsed)} / ${formatClock(MAX_RECORDING_MS)}`;
          }
        },
        onDone(blob, mimeType, autoStopped) {
          recorder.current = null;
          setRecording(false);
          recordedSound(formKey, blob, mimeType, autoStopped);
        },
      });
      setRecording(true);
    } catch (e) {
      console.error(e);
      patchSoundDraft(formKey, { error: sl.sound.noMicrophone });
    }
  };

  const remove = (): void => {
    if (savedShown) return setAskRemove(true);
    if (d.next) URL.revokeObjectURL(d.next.url);
    patchSoundDraft(formKey, { next: null, error: null });
  };

  return (
    <div className={`field sound-field${d.error ? ' has-error' : ''}`} data-testid="sound-field">
      <span className="field-label" id="sound-label">
        {sl.sound.label}
      </span>
      {recording ? (
        <div className="sound-recording" role="group" aria-labelledby="sound-label">
          <span className="sound-rec-dot" aria-hidden />
          <span role="status">{sl.sound.recording}</span>
          <span ref={clock} className="sound-clock" data-testid="sound-clock">
            {`${formatClock(0)} / ${formatClock(MAX_RECORDING_MS)}`}
          </span>
          <div className="sound-meter" role="img" aria-label={sl.sound.level}>
            <div ref={meter} className="sound-meter-fill" />
          </div>
          <button type="button" className="button" onClick={() => recorder.current?.stop()}>
            <CircleStop aria-hidden /> {sl.sound.stop}
          </button>
        </div>
      ) : (
        shown && (
          <div className="sound-player">
            <audio
              controls
              preload="metadata"
              src={shown.url}
              aria-label={d.next ? sl.sound.playerNew : sl.sound.player}
              data-testid="form-sound"
            />
            <IconButton label={sl.sound.remove} icon={<Trash2 aria-hidden />} onClick={remove} disabled={busy} />
          </div>
        )
      )}
      <input
        ref={input}
        id="record-sound"
        type="file"
        accept={SOUND_ACCEPT}
        className="visually-hidden"
        aria-labelledby="sound-label"
        aria-describedby="sound-hint"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void pickSound(formKey, file);
        }}
      />
      {!recording && (
        <div className="sound-actions">
          <button type="button" className="button" onClick={() => void startRecording()} disabled={busy}>
            <Mic aria-hidden /> {sl.sound.record}
          </button>
          <button type="button" className="button" onClick={() => input.current?.click()} disabled={busy}>
            <FileAudio aria-hidden /> {sl.sound.pick}
          </button>
        </div>
      )}
      <p id="sound-hint" className="field-hint">
        {sl.sound.hint}
      </p>
      {d.error && (
        <p className="field-error" role="alert">
          {d.error}
        </p>
      )}
      {askRemove && (
        <Modal
          header={sl.sound.removeTitle}
          onClose={() => setAskRemove(false)}
          actions={[
            { label: sl.sound.keep, className: 'button', onClick: () => setAskRemove(false) },
            {
              label: sl.sound.removeConfirm,
              className: 'button danger-solid',
              onClick: () => {
                setAskRemove(false);
                patchSoundDraft(formKey, { removed: true });
              },
            },
          ]}
        >
          <p>{sl.sound.removeMessage}</p>
        </Modal>
      )}
    </div>
  );
}
