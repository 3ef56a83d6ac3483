import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import SignaturePadLib from 'signature_pad';
import { toast } from 'react-toastify';
import { ActionButton } from './action-button.tsx';

export const EMPTY_SIGNATURE_MESSAGE = 'A Ordem de Serviço deve ser assinada antes de continuar';
/** An empty pad on the profile or company screens: nothing is being signed there, a drawing is saved. */
export const EMPTY_DRAWING_MESSAGE = 'Desenhe a assinatura no quadro antes de salvar';

interface SignaturePadProps {
  /** Receives the drawing as a PNG data URL; only called when something was drawn. */
  onSave(dataUrl: string): Promise<unknown> | unknown;
  /**
   * Canvas height in px; default: viewport minus 75 px. Never more than the screen allows: the pad and
   * its buttons always fit the viewport together, and on a phone (narrower than 576 px) the pad is
   * sized as with `fitViewport`, leaving page around it to scroll by.
   */
  height?: number;
  /**
   * Size the pad to the screen instead (the customer's phone): at most half as high as wide, and low
   * enough that the pad and its buttons fit the viewport in portrait and in landscape, so the page
   * around it still scrolls under a finger. Recomputed when the phone turns.
   */
  fitViewport?: boolean;
  saveLabel?: string;
  clearLabel?: string;
  /** Shown when Save is pressed on an empty pad; by default the signing one. */
  emptyMessage?: string;
  /**
   * For a drawing that is optional: called instead of the message when Save is pressed on an empty
   * pad, so the action goes on without a drawing.
   */
  onSaveEmpty?(): Promise<unknown> | unknown;
}

/**
 * Signature drawing pad: black pen on white, stroke 0.5–2.5, throttle 16 ms, minimum
 * distance 5; width follows its container (viewport minus 30 px unless the layout gives less).
 * Save sends nothing and shows the info message when the pad is empty.
 */
/** Room kept for the pad's buttons and a strip of page to scroll by: 56 + 64 px. */
const BUTTONS_ROOM = 120;
/** Bootstrap's `sm` breakpoint: below it the screen is a phone's. */
const PHONE_WIDTH = 576;
const fittedHeight = (width: number) =>
  Math.round(Math.max(120, Math.min(width / 2, window.innerHeight - BUTTONS_ROOM)));

export function SignaturePad({
  onSave,
  height,
  fitViewport,
  saveLabel = 'Salvar',
  clearLabel = 'Limpar',
  emptyMessage = EMPTY_SIGNATURE_MESSAGE,
  onSaveEmpty,
}: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const [canvasHeight] = useState(() => height ?? Math.max(200, window.innerHeight - 75));

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePadLib(canvas, {
      penColor: '#000000',
      backgroundColor: '#ffffff',
      minWidth: 0.5,
      maxWidth: 2.5,
      throttle: 16,
      minDistance: 5,
    });
    padRef.current = pad;
    // Size the bitmap to the element, sharp on high-DPI screens.
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.min(canvas.parentElement!.clientWidth, window.innerWidth - 30);
      const h =
        fitViewport || window.innerWidth < PHONE_WIDTH
          ? fittedHeight(width)
          : Math.max(120, Math.min(canvasHeight, window.innerHeight - BUTTONS_ROOM));
      const data = pad.isEmpty() ? null : pad.toData();
      canvas.width = width * ratio;
      canvas.height = h * ratio;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${h}px`;
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.clear();
      if (data) pad.fromData(data);
    };
    resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      pad.off();
    };
  }, [canvasHeight, fitViewport]);

  const save = async () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) {
      if (onSaveEmpty) await onSaveEmpty();
      else toast.info(emptyMessage);
      return;
    }
    await onSave(pad.toDataURL('image/png'));
  };

  return (
    <div className="signature-pad">
      <div className="signature-pad-canvas border rounded bg-white">
        <canvas ref={canvasRef} data-testid="signature-canvas" style={{ touchAction: 'none', display: 'block' }} />
      </div>
      <div className="d-flex gap-2 mt-2">
        <Button variant="outline-secondary" onClick={() => padRef.current?.clear()}>
          {clearLabel}
        </Button>
        <ActionButton action={save}>{saveLabel}</ActionButton>
      </div>
    </div>
  );
}
