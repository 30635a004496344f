import { describe, expect, it } from 'vitest';
import { describeAssignee, readAssignee, writeAssignee } from './assignee';

describe('designer approver attributes', () => {
  it('round-trips every kind through the Flowable attributes the server reads', () => {
    for (const c of [{ kind: 'shopManager', value: '' }, { kind: 'deptHead', value: '' }, { kind: 'applicant', value: '' }, { kind: 'user', value: 'finance01' }, { kind: 'role', value: 'finance,admin' }, { kind: 'users', value: 'finance01,manager01' }] as const) {
      const attrs = writeAssignee(c);
      expect(readAssignee({ assignee: attrs['flowable:assignee'], candidateGroups: attrs['flowable:candidateGroups'], candidateUsers: attrs['flowable:candidateUsers'] })).toEqual(c);
    }
    expect(writeAssignee({ kind: 'users', value: 'a，b c' })).toEqual({ 'flowable:assignee': undefined, 'flowable:candidateGroups': undefined, 'flowable:candidateUsers': 'a,b,c' });
    expect(writeAssignee({ kind: 'role', value: 'finance， admin' })['flowable:candidateGroups']).toBe('finance,admin');
    expect(readAssignee({})).toBeNull();
    expect(describeAssignee(null)).toBe('未设置审批人');
    expect(describeAssignee({ kind: 'role', value: 'finance' })).toBe('角色：finance');
  });
});
