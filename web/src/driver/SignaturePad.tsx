import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

const HEIGHT = 180;

/**
 * A signature drawn with a finger (or pen, or mouse) on a canvas; each stroke's end hands the picture up as a
 * PNG `data:` URL on white, and Clear starts over. Typing cannot sign: a photo is the keyboard's proof.
 */
export function SignaturePad({
  id,
  onChange,
  describedBy,
}: {
  id: string;
  onChange: (dataUrl: string | undefined) => void;
  describedBy?: string | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const [signed, setSigned] = useState(false);

  const blank = () => {
    const el = canvas.current;
    const context = el?.getContext('2d');
    if (!el || !context) return;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    const width = el.clientWidth || 320;
    el.width = Math.round(width * ratio);
    el.height = Math.round(HEIGHT * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, HEIGHT);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#0b1f33';
  };
  useEffect(blank, []);

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = point(e);
    last.current = { ...p, pointerId: e.pointerId };
    const context = e.currentTarget.getContext('2d');
    context?.beginPath();
    context?.arc(p.x, p.y, 1.2, 0, Math.PI * 2);
    context?.fill();
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const from = last.current;
    if (!from || from.pointerId !== e.pointerId) return;
    const p = point(e);
    const context = e.currentTarget.getContext('2d');
    context?.beginPath();
    context?.moveTo(from.x, from.y);
    context?.lineTo(p.x, p.y);
    context?.stroke();
    last.current = { ...p, pointerId: e.pointerId };
  };
  const up = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!last.current || last.current.pointerId !== e.pointerId) return;
    last.current = null;
    setSigned(true);
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    blank();
    setSigned(false);
    onChange(undefined);
  };

  return (
    <div className="drv-signature">
      <canvas
        id={id}
        ref={canvas}
        className="drv-signature__canvas"
        height={HEIGHT}
        role="img"
        aria-label={signed ? 'Signature pad, signed' : 'Signature pad: sign here with a finger'}
        aria-describedby={describedBy}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => (last.current = null)}
      />
      <div className="drv-signature__bar">
        <span className="drv-field__hint">{signed ? 'Signed' : 'Sign in the box above'}</span>
        <button type="button" className="drv-button drv-button--small" onClick={clear} disabled={!signed}>
          Clear signature
        </button>
      </div>
    </div>
  );
}
