/**
 * The CI audit step (docs/decisions/007-dependency-audit.md): it reports every advisory, fails only
 * on an unaccepted high or critical one, and passes with a clear line when the registry cannot audit.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const directory = mkdtempSync(path.join(os.tmpdir(), 'audit-dependencies-'));

function saved(name: string, content: unknown): string {
  const file = path.join(directory, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

function audit(report: unknown, accepted: unknown[] = []) {
  const result = spawnSync(
    process.execPath,
    [
      'scripts/audit-dependencies.mjs',
      '--report',
      saved('report.json', report),
      '--accepted',
      saved('accepted.json', { accepted }),
    ],
    { encoding: 'utf8' },
  );
  return { code: result.status, output: result.stdout + result.stderr };
}

/** What `npm audit --json` answers when the registry refuses the bulk advisory endpoint. */
const endpointRefused = {
  message:
    '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  statusCode: 405,
  body: '',
};

function reportWith(severity: string, ghsa = 'GHSA-aaaa-bbbb-cccc') {
  return {
    auditReportVersion: 2,
    vulnerabilities: {
      'left-pad': {
        name: 'left-pad',
        severity,
        isDirect: false,
        via: [
          {
            source: 1101234,
            name: 'left-pad',
            dependency: 'left-pad',
            title: 'Prototype pollution in left-pad',
            url: `https://github.com/advisories/${ghsa}`,
            severity,
            range: '<1.3.1',
          },
        ],
        effects: ['pad-wrapper'],
        range: '<1.3.1',
        nodes: ['node_modules/left-pad'],
        fixAvailable: true,
      },
      'pad-wrapper': {
        name: 'pad-wrapper',
        severity,
        isDirect: true,
        via: ['left-pad'],
        effects: [],
        range: '*',
        nodes: ['node_modules/pad-wrapper'],
        fixAvailable: true,
      },
    },
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, [severity]: 2 },
      dependencies: { prod: 120, dev: 0, optional: 0, peer: 0, peerOptional: 0, total: 120 },
    },
  };
}

const clean = {
  auditReportVersion: 2,
  vulnerabilities: {},
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 },
    dependencies: { prod: 120 },
  },
};

describe('audit-dependencies', () => {
  it('passes and says the audit was unavailable when the registry answers 405', () => {
    const result = audit(endpointRefused);
    expect(result.code).toBe(0);
    expect(result.output).toContain('Dependency audit unavailable: 405 Method Not Allowed');
  });

  it('passes on a clean report and prints the counts', () => {
    const result = audit(clean);
    expect(result.code).toBe(0);
    expect(result.output).toContain(
      'Dependency audit: 0 advisories in 120 production dependencies',
    );
  });

  it.each(['high', 'critical'])('fails on an unaccepted %s advisory and names it', (severity) => {
    const result = audit(reportWith(severity));
    expect(result.code).toBe(1);
    expect(result.output).toContain('GHSA-aaaa-bbbb-cccc');
    expect(result.output).toContain('NOT ACCEPTED');
  });

  it('reports a moderate advisory without failing', () => {
    const result = audit(reportWith('moderate'));
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/moderate\s+GHSA-aaaa-bbbb-cccc\s+left-pad/);
  });

  it('passes on a high advisory that the decision record accepts, and shows the reason', () => {
    const result = audit(reportWith('high'), [
      { id: 'GHSA-aaaa-bbbb-cccc', reason: 'only reachable from the admin CLI' },
    ]);
    expect(result.code).toBe(0);
    expect(result.output).toContain('accepted: only reachable from the admin CLI');
  });

  it('still fails when another advisory than the accepted one is high', () => {
    const result = audit(reportWith('high', 'GHSA-dddd-eeee-ffff'), [
      { id: 'GHSA-aaaa-bbbb-cccc', reason: 'only reachable from the admin CLI' },
    ]);
    expect(result.code).toBe(1);
    expect(result.output).toContain('GHSA-aaaa-bbbb-cccc is accepted but no longer reported');
  });
});
