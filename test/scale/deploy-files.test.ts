import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';

/**
 * Containers cannot run here, so the deployment files are checked against
 * what they must agree with: the configuration (every setting they name
 * exists), the README (the commands it documents) and package.json.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const configSource = read('src/config.ts');
const readme = read('README.md');
/** Read by the AWS SDK's credential chain, not by src/config.ts; the README names them. */
const SDK_SETTINGS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: unknown;
}

const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const docrowsServices = Object.entries(compose.services).filter(([, s]) => s.image === 'docrows:latest');

/** `version` within an engines range made of `^M.m.p` alternatives (the only form package.json uses). */
function satisfies(version: string, range: string): boolean {
  const nums = (v: string) => v.split('.').map(Number);
  return range.split('||').map((alt) => alt.trim()).some((alt) => {
    if (!alt.startsWith('^')) throw new Error(`engines: write "${alt}" as ^M.m.p`);
    const [want, have] = [nums(alt.slice(1)), nums(version)];
    return have[0] === want[0] && (have[1] > want[1] || (have[1] === want[1] && have[2] >= want[2]));
  });
}

/** The Dockerfile instruction's JSON-array argument (CMD ["node", ...]). */
function execForm(dockerfile: string, instruction: string): string[] {
  const line = dockerfile.split('\n').find((l) => l.startsWith(`${instruction} [`));
  if (!line) throw new Error(`no ${instruction} in exec form`);
  return JSON.parse(line.slice(instruction.length + 1)) as string[];
}

describe('deployment files', () => {
  const dockerfile = read('Dockerfile');

  it('builds a multi-stage, non-root image whose command is the README\'s and npm start\'s', () => {
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(2);
    const user = /^USER (\S+)/m.exec(dockerfile)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    const command = execForm(dockerfile, 'CMD').join(' ');
    expect(command).toBe('node bin/docrows.js serve');
    expect(JSON.parse(read('package.json')).scripts.start).toBe(command);
    expect(readme).toContain(`\`${command}\``);
  });

  it('runs the image on Node 24, the Node the suite also runs under, within the declared engines', () => {
    const bases = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]));
    expect(bases.length).toBe(dockerfile.match(/^FROM /gm)!.length);
    expect(new Set(bases)).toEqual(new Set([24]));
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; scripts: Record<string, string> };
    const script = read('scripts/test-node24.sh');
    const pinned = /^NODE24_VERSION=(\S+)$/m.exec(script)![1];
    expect(pinned.split('.')[0]).toBe('24');
    for (const version of [pinned, process.versions.node]) expect(satisfies(version, pkg.engines.node), `${version} vs engines ${pkg.engines.node}`).toBe(true);
    expect(pkg.scripts['test:node24']).toBe('bash scripts/test-node24.sh');
  });

  it('says beside the first install command that npm install may need a C++ toolchain, and which Debian packages', () => {
    const first = readme.indexOf('npm install');
    const note = readme.slice(first, first + 1200);
    expect(note).toContain('better-sqlite3');
    expect(note).toMatch(/apt-get install python3 make g\+\+/);
    expect(read('scripts/setup-system.sh')).toMatch(/apt-get install -y -qq python3 make g\+\+/);
  });

  it('names in the image and compose.yaml only settings that the configuration reads', () => {
    const imageEnv = [...dockerfile.matchAll(/\b(DOCROWS_[A-Z0-9_]+)=/g)].map((m) => m[1]);
    const composeEnv = docrowsServices.flatMap(([, s]) => Object.keys(s.environment ?? {}));
    expect(composeEnv).toContain('DOCROWS_S3_ENDPOINT');
    for (const name of new Set([...imageEnv, ...composeEnv])) {
      if (SDK_SETTINGS.includes(name)) {
        expect(readme, name).toContain(name);
        continue;
      }
      expect(configSource, `${name} is not a setting of src/config.ts`).toContain(`'${name}'`);
      expect(readme, `${name} is not documented in README.md`).toContain(name);
    }
  });

  it('gives each role settings the configuration accepts and commands the README documents', () => {
    expect(docrowsServices.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
    for (const [name, service] of docrowsServices) {
      const command = service.command!.join(' ');
      expect(readme, `${name}: ${command}`).toContain(`\`${command}\``);
      const config = loadConfig({ DOCROWS_HOST: '0.0.0.0', DOCROWS_DATA_DIR: '/data', ...service.environment });
      if (name === 'api') {
        expect(config.workers).toBe(0);
        expect(config.storageUrl).toMatch(/^s3:\/\//);
        expect(config.s3.forcePathStyle).toBe(true);
      }
      if (name === 'worker') {
        expect(config.workers).toBeGreaterThan(0);
        expect(config.operatorPort).not.toBeNull();
      }
    }
    expect((compose.services.api as { deploy: { replicas: number } }).deploy.replicas).toBe(2);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'minio']));
  });
});
