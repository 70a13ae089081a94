import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { DELIVERY_PROOF_TEXT as TEXT } from './delivery-proof-text';

export interface ProofImageProps {
  /** A short-lived presigned link (60 s): once it expires the image fails to load and `onExpired` asks for a new one. */
  src: string;
  alt: string;
  label: string;
  onExpired: () => void;
}

/**
 * A proof photo or signature, opening full size in a new tab. Its link is short-lived, so a failed load asks for a
 * fresh link once; if the fresh one fails too, it says so and offers to load it again (never a loop of requests).
 */
export default function ProofImage({ src, alt, label, onExpired }: ProofImageProps) {
  // A fresh link was asked for since the last image that loaded.
  const [asked, setAsked] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const onError = () => {
    if (asked) setFailed(src);
    else {
      setAsked(true);
      onExpired();
    }
  };
  const reload = () => {
    setFailed(null);
    setAsked(true);
    onExpired();
  };

  return (
    <figure className="bo-proof-figure">
      {failed === src ? (
        <SpaceBetween size="xs">
          <Box color="text-status-error">{TEXT.imageFailed}</Box>
          <Button onClick={reload}>{TEXT.reload}</Button>
        </SpaceBetween>
      ) : (
        <a href={src} target="_blank" rel="noopener noreferrer">
          <img
            key={src}
            className="bo-proof-image"
            src={src}
            alt={alt}
            onLoad={() => setAsked(false)}
            onError={onError}
          />
        </a>
      )}
      <figcaption>
        <Box color="text-body-secondary" fontSize="body-s">
          {label}
        </Box>
      </figcaption>
    </figure>
  );
}
