import { useEffect, useId, useRef, useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { useI18n } from '../../../lib/i18n.ts';

// The Shape Detection API's BarcodeDetector (Chrome on Android, among others); TypeScript's DOM types lack it.
type Detected = { rawValue: string };
type Detector = { detect(source: HTMLVideoElement): Promise<Detected[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

const detectorClass = (): DetectorClass | undefined =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser can read a barcode from the camera: the desk shows the camera button only then. */
export const cameraScanAvailable = () => detectorClass() !== undefined && Boolean(navigator.mediaDevices);

/** The camera's picture until a label (Code 128, as the library prints items and cards) is read in it. */
export function CameraScan({ onScan, onClose }: { onScan: (code: string) => void; onClose: () => void }) {
  const id = useId();
  const t = useI18n().formatMessage;
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const scanned = useRef(onScan);
  scanned.current = onScan;

  useEffect(() => {
    const Barcode = detectorClass();
    if (!Barcode) return;
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const detector = new Barcode({ formats: ['code_128'] });
    const look = async () => {
      if (stopped || !video.current) return;
      const found = await detector.detect(video.current).catch(() => []);
      const code = found[0]?.rawValue.trim();
      if (code && !stopped) scanned.current(code);
      else frame = requestAnimationFrame(() => void look());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {t({ id: 'desk.camera.title' })}
      </h2>
      {failed ? (
        <p role="alert" className="text-red-700">
          {t({ id: 'desk.camera.failed' })}
        </p>
      ) : (
        <video ref={video} className="w-full rounded-lg bg-black" muted playsInline aria-hidden="true" />
      )}
      <button type="button" className="btn-secondary mt-3" onClick={onClose}>
        {t({ id: 'desk.camera.close' })}
      </button>
    </Modal>
  );
}
