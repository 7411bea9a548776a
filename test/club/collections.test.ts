import { describe, expect, it } from 'vitest';
import {
  collections,
  isCollectionPath,
  pathInLayout,
  specPathOf,
} from '../../src/club/collections.js';

describe('the collection paths in each layout', () => {
  it('spells the spec’s paths in the bare layout: users at /Members, the rest without /api', () => {
    expect(pathInLayout('/api/Users', 'bare')).toBe('/Members');
    expect(pathInLayout('/api/Users/ab%2Fc', 'bare')).toBe('/Members/ab%2Fc');
    expect(pathInLayout('/api/ClubSessions/{guid}', 'bare')).toBe('/ClubSessions/{guid}');
    expect(pathInLayout('/api/WhosWho', 'bare')).toBe('/WhosWho');
    expect(pathInLayout('/api/Users', 'spec')).toBe('/api/Users');
  });

  it('leaves a path under no collection as it is, and reads a layout’s path back', () => {
    expect(pathInLayout('/api/UsersAndMore', 'bare')).toBe('/api/UsersAndMore');
    expect(specPathOf('/Members/abc', 'bare')).toBe('/api/Users/abc');
    expect(specPathOf('/Meets', 'bare')).toBe('/api/Meets');
    expect(specPathOf('/api/Users', 'bare')).toBeUndefined();
    expect(specPathOf('/Members', 'spec')).toBeUndefined();
    for (const path of Object.values(collections)) {
      expect(specPathOf(pathInLayout(path, 'bare'), 'bare')).toBe(path);
    }
  });

  it('tells a whole collection from one record of it', () => {
    expect(isCollectionPath('/api/Users')).toBe(true);
    expect(isCollectionPath('/api/Users/abc')).toBe(false);
  });
});
