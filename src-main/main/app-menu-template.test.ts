import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildAppMenuTemplate } from './app-menu-template';

function allItems(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? allItems(item.submenu) : [])]);
}

function template(isDev: boolean, recentRoots: string[] = []) {
  const actions = { openDatasetFolder: vi.fn(), openRecentDataset: vi.fn(), showAbout: vi.fn() };
  return { actions, items: allItems(buildAppMenuTemplate({ appName: 'EgoBench Studio', isMac: false, isDev, recentRoots, actions })) };
}

describe('application menu', () => {
  it('offers developer tools only in development', () => {
    expect(template(true).items.some((item) => item.role === 'toggleDevTools')).toBe(true);
    expect(template(false).items.some((item) => item.role === 'toggleDevTools')).toBe(false);
  });

  it('has the usual roles', () => {
    const roles = template(false).items.map((item) => item.role);
    expect(roles).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'reload', 'zoomIn', 'zoomOut', 'resetZoom', 'quit']));
  });

  it('opens dataset folders and recent datasets', () => {
    const { actions, items } = template(false, ['/data/a', '/data/b']);
    const byLabel = (label: string) => items.find((item) => item.label === label)!;
    (byLabel('Open Dataset Folder...').click as () => void)();
    expect(actions.openDatasetFolder).toHaveBeenCalledOnce();
    (byLabel('/data/b').click as () => void)();
    expect(actions.openRecentDataset).toHaveBeenCalledWith('/data/b');
    expect(template(false).items.find((item) => item.label === 'No recent datasets')?.enabled).toBe(false);
  });

  it('imports an EgoBench release when the host offers it', () => {
    expect(template(false).items.some((item) => item.label === 'Import EgoBench Release...')).toBe(false);
    const importEgobenchRelease = vi.fn();
    const actions = { openDatasetFolder: vi.fn(), openRecentDataset: vi.fn(), showAbout: vi.fn(), importEgobenchRelease };
    const items = allItems(buildAppMenuTemplate({ appName: 'EgoBench Studio', isMac: false, isDev: false, recentRoots: [], actions }));
    (items.find((item) => item.label === 'Import EgoBench Release...')!.click as () => void)();
    expect(importEgobenchRelease).toHaveBeenCalledOnce();
  });
});
