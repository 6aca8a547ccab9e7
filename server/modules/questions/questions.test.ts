import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import type { Actor } from '../actor';
import { answerQuestion, askQuestion, listQuestions } from './index';

describe(`questions and answers on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let productId: string;
  let customer: Actor;
  let admin: Actor;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    productId = (await insertProduct(db)).id;
    customer = { userId: (await insertUser(db, { name: 'Asha' })).id, roles: [] };
    admin = { userId: (await insertUser(db, { name: 'Shop Team' })).id, roles: ['admin'] };
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists questions newest first with their answers; only an admin answer is the team', async () => {
    const { db } = database;
    const first = await askQuestion(db, customer, { productId, question: ' Is it food safe? ' });
    await askQuestion(db, customer, { productId, question: 'Does it come in black?' });
    const fromCustomer = await answerQuestion(db, customer, {
      questionId: first.id,
      answer: 'Mine holds fruit.',
      isAdmin: 'true',
    });
    const fromAdmin = await answerQuestion(db, admin, {
      questionId: first.id,
      answer: 'Yes, sealed with food-safe lacquer.',
      isAdmin: 'false',
    });
    expect(fromCustomer.isAdmin).toBe(false);
    expect(fromAdmin.isAdmin).toBe(true);
    const listed = await listQuestions(db, { productId });
    expect(listed.map((question) => question.question)).toEqual([
      'Does it come in black?',
      'Is it food safe?',
    ]);
    expect(listed[1]?.answers.map((answer) => [answer.authorName, answer.isAdmin])).toEqual([
      ['Asha', false],
      ['Shop Team', true],
    ]);
  });

  it('refuses blank text and visitors', async () => {
    const { db } = database;
    await expect(askQuestion(db, customer, { productId, question: '  ' })).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(askQuestion(db, null, { productId, question: 'Hi?' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(
      answerQuestion(db, customer, { questionId: 'nope', answer: 'x' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
