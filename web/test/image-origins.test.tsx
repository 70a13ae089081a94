import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../src/auth/config';
import { AvatarPreview } from '../src/components/users/UserFields';
import { configureImageOrigins, imageSrc } from '../src/components/safe-links';

const BUCKET = 'http://127.0.0.1:9000';

describe('images only from where the site policy lets them load', () => {
  it('reads the image origins from config.json, none when absent', () => {
    const base = { region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' };
    expect(parseRuntimeConfig({ ...base, imageOrigins: [BUCKET, '', 7] }).imageOrigins).toEqual([BUCKET]);
    expect(parseRuntimeConfig(base).imageOrigins).toEqual([]);
  });

  it('loads this site and the images bucket, not another host (the browser would refuse it and log an error)', () => {
    configureImageOrigins([`${BUCKET}/`]);
    expect(imageSrc(`${BUCKET}/images/a.png`)).toBe(`${BUCKET}/images/a.png`);
    expect(imageSrc(`${window.location.origin}/images/a.png`)).toBe(`${window.location.origin}/images/a.png`);
    expect(imageSrc('/images/a.png')).toBe('/images/a.png');
    expect(imageSrc('https://cdn.example.com/me.png')).toBeUndefined();

    const { container, unmount } = render(<AvatarPreview url="https://cdn.example.com/me.png" name="Ivy" />);
    expect(container.querySelector('img')).toBeNull();
    unmount();
    render(<AvatarPreview url={`${BUCKET}/images/me.png`} name="Ivy" />);
    expect(screen.getByRole('img', { name: 'Avatar of Ivy' })).toHaveAttribute('src', `${BUCKET}/images/me.png`);
  });
});
