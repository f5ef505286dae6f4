import { describe, expect, it } from 'vitest';
import { checkStoredVersion, VERSION_KEY } from '../../../src/app/versionCheck.ts';

class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  get length(): number {
    return this.m.size;
  }
  clear(): void {
    this.m.clear();
  }
  getItem(k: string): string | null {
    return this.m.get(k) ?? null;
  }
  key(i: number): string | null {
    return [...this.m.keys()][i] ?? null;
  }
  removeItem(k: string): void {
    this.m.delete(k);
  }
  setItem(k: string, v: string): void {
    this.m.set(k, v);
  }
}

describe('start-up version check (a new or missing version clears local storage)', () => {
  it('clears local storage when the stored version is absent, then saves it', () => {
    const s = new MemoryStorage();
    s.setItem('token', 'x');
    expect(checkStoredVersion(s, '1.1.2')).toBe(true);
    expect(s.getItem('token')).toBeNull();
    expect(s.getItem(VERSION_KEY)).toBe('1.1.2');
  });

  it('clears it when the version differs', () => {
    const s = new MemoryStorage();
    s.setItem(VERSION_KEY, '1.1.1');
    s.setItem('token', 'x');
    expect(checkStoredVersion(s, '1.1.2')).toBe(true);
    expect(s.getItem('token')).toBeNull();
  });

  it('keeps it when the version is the same', () => {
    const s = new MemoryStorage();
    s.setItem(VERSION_KEY, '1.1.2');
    s.setItem('token', 'x');
    expect(checkStoredVersion(s, '1.1.2')).toBe(false);
    expect(s.getItem('token')).toBe('x');
  });
});
