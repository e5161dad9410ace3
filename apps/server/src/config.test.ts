import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('DATA_DIR', () => {
  it('defaults to data/ at the repository root, wherever the server is started from (npm start runs it in apps/server)', () => {
    const cwd = process.cwd();
    process.chdir(path.join(repositoryRoot, 'apps/server'));
    try {
      expect(loadConfig({}).dataDir).toBe(path.join(repositoryRoot, 'data'));
    } finally {
      process.chdir(cwd);
    }
  });

  it('reads a relative DATA_DIR from the folder npm was started in, and keeps an absolute one', () => {
    expect(loadConfig({ DATA_DIR: './mine', INIT_CWD: '/srv/parley' }).dataDir).toBe(
      '/srv/parley/mine',
    );
    expect(loadConfig({ DATA_DIR: '/var/lib/parley', INIT_CWD: '/srv/parley' }).dataDir).toBe(
      '/var/lib/parley',
    );
  });
});
