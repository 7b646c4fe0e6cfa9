// The browser refusing the studio's storage, as a newer studio in another tab would: one of its
// IndexedDB databases is upgraded to a version with no tables (the studio's connection closes for
// it, and cannot open the database again).
import type { Page } from '@playwright/test';

/** Upgrades the page's database `name` to version 1000 without tables; returns the version it got. */
export function takeDatabase(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (database) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(database, 1000);
        open.onupgradeneeded = () => {
          for (const store of Array.from(open.result.objectStoreNames)) open.result.deleteObjectStore(store);
        };
        open.onsuccess = () => {
          open.result.close();
          resolve(open.result.version);
        };
        open.onerror = () => reject(open.error);
      }),
    name,
  );
}
