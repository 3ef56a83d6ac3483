import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import SignaturePadLib from 'signature_pad';
import { toast } from 'react-toastify';
import { ActionButton } from './action-button.tsx';

export const EMPTY_SIGNATURE_MESSAGE = 'A Ordem de Serviço deve ser assinada antes de continuar';

interface SignaturePadProps {
  /** Receives the drawing as a PNG data URL; only called when something was drawn. */
  onSave(dataUrl: string): Promise<unknown> | unknown;
  /** Canvas height in px; default: viewport minus 75 px (spec §9). */
  height?: number;
  saveLabel?: string;
  clearLabel?: string;
}

/**
 * Signature drawing pad (spec §9): black pen on white, stroke 0.5–2.5, throttle 16 ms, minimum
 * distance 5; width follows its container (viewport minus 30 px unless the layout gives less).
 * Save sends nothing and shows the info message when the pad is empty.
 */
export function SignaturePad({ onSave, height, saveLabel = 'Salvar', clearLabel = 'Limpar' }: SignaturePadProps) {
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
      const data = pad.isEmpty() ? null : pad.toData();
      canvas.width = width * ratio;
      canvas.height = canvasHeight * ratio;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${canvasHeight}px`;
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
  }, [canvasHeight]);

  const save = async () => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) {
      toast.info(EMPTY_SIGNATURE_MESSAGE);
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
