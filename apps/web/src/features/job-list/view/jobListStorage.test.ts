import { afterEach, describe, expect, it } from 'vitest';
import {
  clearListPreferences,
  listPreferenceKey,
  readExpandDetails,
  readListPreferences,
  readSessionHiddenColumns,
  readStoredCorporateStructure,
  readStoredQueue,
  STORAGE_KEYS,
  writeExpandDetails,
  writeListColumns,
  writeListGroup,
  writeListSort,
  writeSessionHiddenColumns,
  writeStoredCorporateStructure,
  writeStoredQueue,
} from './jobListStorage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('job list storage (spec 01 §4, §9)', () => {
  it('keeps the corporate structure and queue under job-queue-cs and job-queue-name', () => {
    expect(readStoredCorporateStructure()).toBeNull();
    expect(readStoredQueue()).toBe('pending');
    writeStoredCorporateStructure('12');
    writeStoredQueue('failed');
    expect(localStorage.getItem('job-queue-cs')).toBe('12');
    expect(localStorage.getItem('job-queue-name')).toBe('failed');
    expect(readStoredCorporateStructure()).toBe('12');
    expect(readStoredQueue()).toBe('failed');
    writeStoredCorporateStructure(null);
    expect(localStorage.getItem('job-queue-cs')).toBeNull();
  });

  it('reads an unknown stored queue as pending and a bad structure id as none', () => {
    localStorage.setItem('job-queue-name', 'nonsense');
    localStorage.setItem('job-queue-cs', '<script>');
    expect(readStoredQueue()).toBe('pending');
    expect(readStoredCorporateStructure()).toBeNull();
  });

  it('persists sort, grouping and changed columns per corporate structure and queue', () => {
    writeListSort('1', 'pending', { column: 'formattedDictatedDate', ascending: false });
    writeListGroup('1', 'pending', 'workType');
    writeListColumns('1', 'pending', { clinic: true, department: false });
    expect(localStorage.getItem(listPreferenceKey('sort', '1', 'pending'))).toBe(
      '{"column":"formattedDictatedDate","ascending":false}',
    );
    expect(listPreferenceKey('group', '1', 'pending')).toBe('job-list-group-1-pending');
    expect(readListPreferences('1', 'pending')).toEqual({
      sort: { column: 'formattedDictatedDate', ascending: false },
      group: 'workType',
      columns: { clinic: true, department: false },
    });
    // Another queue, another structure: their own (none).
    expect(readListPreferences('1', 'all')).toEqual({ sort: null, group: null, columns: null });
    expect(readListPreferences('2', 'pending')).toEqual({ sort: null, group: null, columns: null });
  });

  it('ignores tampered preferences', () => {
    localStorage.setItem(listPreferenceKey('sort', '1', 'hq'), '{"column":"password","ascending":true}');
    localStorage.setItem(listPreferenceKey('group', '1', 'hq'), 'not json');
    localStorage.setItem(
      listPreferenceKey('columns', '1', 'hq'),
      '{"clinic":"yes","stat":false,"evil":true}',
    );
    expect(readListPreferences('1', 'hq')).toEqual({ sort: null, group: null, columns: { stat: false } });
  });

  it('Reset forgets the list preferences and the session hidden columns', () => {
    writeListSort('1', 'pending', { column: 'stat', ascending: true });
    writeListGroup('1', 'pending', 'department');
    writeListColumns('1', 'pending', { clinic: true });
    writeSessionHiddenColumns(['location']);
    clearListPreferences('1', 'pending');
    expect(readListPreferences('1', 'pending')).toEqual({ sort: null, group: null, columns: null });
    expect(readSessionHiddenColumns()).toBeNull();
  });

  it('keeps hiddenColumns in sessionStorage and expandDetials in localStorage', () => {
    writeSessionHiddenColumns(['clinic', 'location']);
    expect(sessionStorage.getItem(STORAGE_KEYS.hiddenColumns)).toBe('["clinic","location"]');
    expect(readSessionHiddenColumns()).toEqual(['clinic', 'location']);
    expect(readExpandDetails()).toBe(true);
    writeExpandDetails(false);
    expect(localStorage.getItem('expandDetials')).toBe('false');
    expect(readExpandDetails()).toBe(false);
  });
});
