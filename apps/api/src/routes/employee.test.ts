import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken, tradePointCode } from '@store/db/seed/staff';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

type Employee = {
  tradePointNumber: string | null;
  tradePointName: string | null;
  personnelNumber: string | null;
  employeeName: string | null;
  isEmployee: boolean;
  authByTradePoint: boolean;
  authByToken: boolean;
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('employee sign-in (/user/register-upos)', () => {
  it('by trade point: number and name in the §3 cookies, verified by the signed session', async () => {
    const s = new TestSession(h, '10.4.0.1');
    const [point] = await h.handle.query<{ name: string }>(`select name from trade_points where number = '101'`);
    const answer = await s.call<Employee>('POST', '/api/user/register-upos', {
      mode: 'trade-point',
      trade_point_number: '101',
      code: tradePointCode(101),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      tradePointNumber: '101',
      tradePointName: point!.name,
      isEmployee: true,
      authByTradePoint: true,
      authByToken: false,
    });
    expect(s.cookies.get('tt_number')).toBe('101');
    expect(decodeURIComponent(s.cookies.get('tt_name')!)).toBe(point!.name);
    expect((await s.call<Employee>('GET', '/api/v2/employee')).body.isEmployee).toBe(true);
  });

  it('by personnel token: personnel number and name', async () => {
    const s = new TestSession(h, '10.4.0.2');
    const answer = await s.call<Employee>('POST', '/api/user/register-upos', {
      mode: 'token',
      code: employeeToken(5001),
    });
    expect(answer.body).toMatchObject({ personnelNumber: '5001', employeeName: 'Иванова Мария', authByToken: true });
    expect(s.cookies.get('personnel_number')).toBe('5001');
  });

  it('forged readable cookies make nobody an employee; wrong codes get one message', async () => {
    const s = new TestSession(h, '10.4.0.3');
    s.cookies.set('personnel_number', '5001');
    s.cookies.set('employee_name', 'x');
    expect((await s.call<Employee>('GET', '/api/v2/employee')).body.isEmployee).toBe(false);
    const wrong = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/user/register-upos', {
      mode: 'trade-point',
      trade_point_number: '101',
      code: tradePointCode(102),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual(['Неверный номер или код сотрудника.']);
  });

  it('are rate-limited per IP', async () => {
    const s = new TestSession(h, '10.4.0.4');
    for (let i = 0; i < 10; i++)
      await s.call('POST', '/api/user/register-upos', { mode: 'token', code: 'X000000000000000' });
    expect((await s.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) })).status).toBe(
      429,
    );
  });

  it('employee logout clears the employee data', async () => {
    const s = new TestSession(h, '10.4.0.5');
    await s.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5002) });
    const out = await s.call<{ redirect: string }>('POST', '/api/auth-cms/logout');
    expect(out.body.redirect).toBe('/');
    expect(s.cookies.has('personnel_number')).toBe(false);
    expect(s.cookies.has('employee_session')).toBe(false);
    expect((await s.call<Employee>('GET', '/api/v2/employee')).body.isEmployee).toBe(false);
  });
});
