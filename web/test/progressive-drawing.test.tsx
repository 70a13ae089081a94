import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LazyMount from '../src/components/LazyMount';
import { useProgressiveItems } from '../src/components/use-progressive-items';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('useProgressiveItems', () => {
  it('draws the first rows at once, then the rest in steps, then every row from then on', async () => {
    const items = rows(25);
    const seen: number[] = [];
    const { result, rerender } = renderHook(({ list }) => useProgressiveItems(list, 10, 8), {
      initialProps: { list: items },
    });
    seen.push(result.current.length);
    expect(result.current).toEqual(items.slice(0, 10));
    await waitFor(() => {
      seen.push(result.current.length);
      expect(result.current).toBe(items);
    });
    expect(seen).toContain(10);
    expect(Math.max(...seen)).toBe(25);
    // Once whole, a new list (a keystroke, another page) is drawn whole at once.
    const next = rows(30);
    rerender({ list: next });
    expect(result.current).toBe(next);
  });

  it('draws a short list whole, and an empty one (still loading) leaves the first arrival to be stepped', async () => {
    const short = rows(4);
    const { result } = renderHook(() => useProgressiveItems(short, 10));
    expect(result.current).toBe(short);

    const { result: loading, rerender } = renderHook(({ list }) => useProgressiveItems(list, 10), {
      initialProps: { list: [] as number[] },
    });
    expect(loading.current).toEqual([]);
    const arrived = rows(25);
    rerender({ list: arrived });
    expect(loading.current).toHaveLength(10);
    await waitFor(() => expect(loading.current).toBe(arrived));
  });
});

describe('LazyMount', () => {
  const observers: { callback: IntersectionObserverCallback; disconnect: () => void }[] = [];
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
  });

  const stubObserver = () =>
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        disconnect = vi.fn();
        constructor(public callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe() {}
      },
    );

  it('keeps the estimated height until its place nears the screen, then draws the content for good', async () => {
    stubObserver();
    const { container } = render(
      <LazyMount estimatedHeight={240}>
        <p>Change log</p>
      </LazyMount>,
    );
    expect(screen.queryByText('Change log')).toBeNull();
    const placeholder = container.firstElementChild as HTMLElement;
    expect(placeholder.style.minHeight).toBe('240px');

    act(() => observers[0]!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as never));
    expect(screen.queryByText('Change log')).toBeNull();
    act(() => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as never));
    expect(observers[0]!.disconnect).toHaveBeenCalled();
    // Drawn in a task of its own after the next paint.
    expect(screen.queryByText('Change log')).toBeNull();
    await screen.findByText('Change log');
  });

  it('draws sections that come near together one per frame, in the order they came', async () => {
    stubObserver();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    render(
      <>
        <LazyMount estimatedHeight={90}>
          <p>Invoices</p>
        </LazyMount>
        <LazyMount estimatedHeight={190}>
          <p>Payments</p>
        </LazyMount>
      </>,
    );
    const near = [{ isIntersecting: true } as IntersectionObserverEntry];
    act(() => observers.forEach((o) => o.callback(near, {} as never)));
    const paint = async () => {
      await act(async () => {
        frames.shift()!(0);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    };
    await paint();
    expect(screen.getByText('Invoices')).toBeInTheDocument();
    expect(screen.queryByText('Payments')).toBeNull();
    await paint();
    expect(screen.getByText('Payments')).toBeInTheDocument();
  });

  it('draws at once where the browser cannot observe', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <LazyMount estimatedHeight={90}>
        <p>Invoices</p>
      </LazyMount>,
    );
    expect(screen.getByText('Invoices')).toBeInTheDocument();
  });
});
