/**
 * Whether the app has painted its first frame. Pictures that are not the page's largest paint (the logo, the
 * menu's product pictures) are asked for only after it: on the unthrottled test machine they arrive before that
 * paint, and Lighthouse's LCP estimate (Lantern) then puts their download on the paint's critical chain
 * (after-next-paint.ts; decision 016). For a guest they start one frame later; once the app
 * has painted, every picture is asked for at once.
 */
import { useSyncExternalStore } from "react";
import { afterNextPaint, type PaintScheduler } from "./after-next-paint";

export type FirstPaint = {
  hasPainted: () => boolean;
  subscribe: (listener: () => void) => () => void;
};

/** Watches for the first paint from the first subscriber on. */
export function watchFirstPaint(scheduler?: PaintScheduler): FirstPaint {
  let painted = false;
  let watching = false;
  const listeners = new Set<() => void>();
  return {
    hasPainted: () => painted,
    subscribe(listener) {
      listeners.add(listener);
      if (!painted && !watching) {
        watching = true;
        afterNextPaint(() => {
          painted = true;
          for (const notify of listeners) notify();
        }, scheduler);
      }
      return () => listeners.delete(listener);
    },
  };
}

const appFirstPaint = watchFirstPaint();

/** True once the app has painted its first frame (always false while rendering on a server). */
export function useAppHasPainted(): boolean {
  return useSyncExternalStore(appFirstPaint.subscribe, appFirstPaint.hasPainted, () => false);
}

/** A transparent 1×1 GIF: an image's box keeps its size and asks for nothing until its picture may load. */
export const BLANK_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
