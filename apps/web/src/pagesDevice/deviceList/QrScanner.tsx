import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/feedback';
import { createQrDecoder } from '../../devices/qr-decoder';
import { extractTerminalNo } from '../../devices/qr-text';

/** How often a frame is read. */
const SCAN_INTERVAL_MS = 250;
/** A QR code without a device number is reported at most this often. */
const NO_NUMBER_TOAST_MS = 3000;

interface QrScannerProps {
  /** The device number found in a QR code; the scanner has stopped. */
  onResult: (terminalNo: string) => void;
  onClose: () => void;
}

/**
 * Full-screen camera (the back one) reading QR codes until one carries a device number. The
 * camera stops when the scanner unmounts.
 */
export function QrScanner({ onResult, onClose }: QrScannerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const found = useEffectEvent((terminalNo: string) => onResult(terminalNo));
  const failed = useEffectEvent(() => {
    toast(t('devices.scan.cameraFailed'));
    onClose();
  });
  const noNumber = useEffectEvent(() => toast(t('devices.scan.noNumber')));

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastWarning = 0;

    const run = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        if (!stopped) failed();
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const decode = await createQrDecoder();

      const tick = async () => {
        if (stopped) return;
        const text = video.readyState >= 2 ? await decode(video).catch(() => null) : null;
        if (stopped) return;
        if (text) {
          const terminalNo = extractTerminalNo(text);
          if (terminalNo) {
            found(terminalNo);
            return;
          }
          if (Date.now() - lastWarning > NO_NUMBER_TOAST_MS) {
            lastWarning = Date.now();
            noNumber();
          }
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    void run();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="qr-scanner" role="dialog" aria-label={t('devices.scan.title')}>
      <video ref={videoRef} className="qr-scanner__video" playsInline muted />
      <div className="qr-scanner__frame" aria-hidden />
      <div className="qr-scanner__bar">
        <span>{t('devices.scan.title')}</span>
        <button
          type="button"
          className="qr-scanner__close"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          <CloseOutline />
        </button>
      </div>
      <p className="qr-scanner__hint">{t('devices.scan.hint')}</p>
    </div>
  );
}
