import { useRef, useState, type ReactNode } from 'react';
import Tooltip from '@cloudscape-design/components/tooltip';

/** Shows `content` above its child while the pointer or the keyboard focus is on it. */
export default function HoverTooltip({ content, children }: { content: string; children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <span
      ref={ref}
      onPointerEnter={() => setOpen(true)}
      onPointerLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {children}
      {open && <Tooltip content={content} getTrack={() => ref.current} onEscape={() => setOpen(false)} />}
    </span>
  );
}
