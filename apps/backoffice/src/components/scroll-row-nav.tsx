import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A row of links that never wraps (the restaurant's sections, the menu editor's parts; the current one has
 * aria-current="page"). On a screen too narrow for all of them the row scrolls sideways, a shadow at the edge
 * showing more (styles.css .scroll-row); the current link is scrolled into view whenever the address changes, so a
 * phone shows where one is, and so is a link the keyboard focuses (Chromium's own scroll on focus leaves a link
 * alone while a sliver of it shows).
 */
export function ScrollRowNav({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current link changes with the address, read from the DOM
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav.current && current) showInRow(nav.current, current);
  }, [pathname]);
  return (
    <nav
      aria-label={label}
      className={`scroll-row ${className}`}
      ref={nav}
      onFocus={(event) => nav.current && showInRow(nav.current, event.target)}
    >
      {children}
    </nav>
  );
}

/** Scrolls only the row (scrollIntoView could move the page too), centring the link when it was not wholly in view. */
export function showInRow(row: HTMLElement, link: HTMLElement) {
  const start = link.offsetLeft;
  const end = start + link.offsetWidth;
  if (start < row.scrollLeft || end > row.scrollLeft + row.clientWidth) {
    row.scrollLeft = start - (row.clientWidth - link.offsetWidth) / 2;
  }
}
