import { MAX_RECORDING_MS } from '../../domain/sound.ts';

/**
 * Recording types in order of preference, as MediaRecorder names them: Opus in WebM (Chromium,
 * Firefox), AAC in MP4 (Safari), Opus in Ogg. The server accepts each (domain/sound.ts).
 */
const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/ogg;codecs=opus',
] as const;

/** The first recording type this browser's MediaRecorder supports, '' to let it choose, null when it cannot record. */
export function recordingType(): string | null {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return RECORDING_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

/** What a recording reports: its level for the meter and its end. */
export interface RecorderHandlers {
  /** Called about once a frame: the peak level 0-1 and the elapsed milliseconds. */
  onFrame(level: number, elapsedMs: number): void;
  /** Called once with the recording (and whether it stopped at the 2-minute limit). */
  onDone(blob: Blob, mimeType: string, autoStopped: boolean): void;
}

/**
 * A microphone recording (MediaRecorder and getUserMedia run on the main thread only): the level
 * from a Web Audio AnalyserNode read once a frame into a reused buffer, and a stop at
 * MAX_RECORDING_MS. `stop()` ends it; `cancel()` drops it.
 */
export class SoundRecorder {
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private cancelled = false;
  private autoStopped = false;

  private constructor(
    private readonly stream: MediaStream,
    private readonly recorder: MediaRecorder,
    private readonly audio: AudioContext,
  ) {}

  /** Asks for the microphone and starts; throws when the browser cannot record or access is refused. */
  static async start(type: string, h: RecorderHandlers): Promise<SoundRecorder> {
    // Made before the first await, inside the click: a context made later may start suspended (autoplay rules).
    const audio = new AudioContext();
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      void audio.close();
      throw e;
    }
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : {});
    if (audio.state === 'suspended') await audio.resume().catch(() => undefined);
    const r = new SoundRecorder(stream, recorder, audio);
    r.run(h);
    return r;
  }

  /** Ends the recording; onDone follows with the sound. */
  stop(): void {
    if (this.recorder.state !== 'inactive') this.recorder.stop();
  }

  /** Ends the recording and drops it (the form closed). */
  cancel(): void {
    this.cancelled = true;
    this.stop();
    this.release();
  }

  private run(h: RecorderHandlers): void {
    const chunks: Blob[] = [];
    const analyser = this.audio.createAnalyser();
    analyser.fftSize = 512;
    this.audio.createMediaStreamSource(this.stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const started = performance.now();
    const tick = (): void => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s - 128));
      h.onFrame(peak / 128, performance.now() - started);
      this.frame = requestAnimationFrame(tick);
    };
    this.recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    this.recorder.onstop = () => {
      this.release();
      const mimeType = this.recorder.mimeType || chunks[0]?.type || 'audio/webm';
      if (!this.cancelled) h.onDone(new Blob(chunks, { type: mimeType }), mimeType, this.autoStopped);
    };
    this.recorder.start(1000);
    this.frame = requestAnimationFrame(tick);
    this.timer = setTimeout(() => {
      this.autoStopped = true;
      this.stop();
    }, MAX_RECORDING_MS);
  }

  /** Frees the microphone, the audio graph, the frame loop and the timer. */
  private release(): void {
    cancelAnimationFrame(this.frame);
    if (this.timer) clearTimeout(this.timer);
    for (const t of this.stream.getTracks()) t.stop();
    if (this.audio.state !== 'closed') void this.audio.close();
  }
}
