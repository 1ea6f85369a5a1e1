'use client';

/**
 * A box that may scroll (a long description, a JSON document). While its content overflows it is a
 * Tab stop and a named region, so a keyboard user can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1, axe scrollable-region-focusable); while everything fits it is neither, so short
 * content adds no Tab stop.
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface ScrollRegionProps {
  as?: 'div' | 'p' | 'pre';
  /** What the region holds, read out when it takes focus ("Input schema"). */
  label: string;
  className: string;
  testId?: string;
  children: ReactNode;
}

export function ScrollRegion({ as: Tag = 'div', label, className, testId, children }: ScrollRegionProps) {
  const ref = useRef<HTMLElement | null>(null);
  const setRef = useCallback((node: HTMLElement | null) => {
    ref.current = node;
  }, []);
  const [scrollable, setScrollable] = useState(false);
  // After every render (the content may have changed) and whenever the box changes size.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = (): void => {
      setScrollable(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  });
  return (
    <Tag
      ref={setRef}
      data-testid={testId}
      data-scrollable={scrollable}
      className={`${className} focus-visible:outline-2 focus-visible:outline-sky-600`}
      {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </Tag>
  );
}
