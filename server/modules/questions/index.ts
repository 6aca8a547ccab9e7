/**
 * Questions and answers (spec §2 Product detail, §3 Question and Answer, §7): questions newest
 * first with their answers; any signed-in user may ask or answer, and whether an answer is the
 * shop team's is decided here from the author's role, never taken from the client.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { answerSchema, questionSchema } from '../../../core/community/community';
import type { Database } from '../../db/client';
import { productAnswers, productQuestions, products, profiles, users } from '../../db/schema';
import { isAdmin, type Actor } from '../actor';
import { DomainError } from '../errors';
import { parseInput, requireRowId, requireUser } from '../kernel';

export interface AnswerView {
  id: string;
  answer: string;
  isAdmin: boolean;
  createdAt: Date;
  authorName: string;
}

export interface QuestionView {
  id: string;
  question: string;
  createdAt: Date;
  authorName: string;
  answers: AnswerView[];
}

function authorName(row: { displayName: string | null; accountName: string | null }): string {
  return row.displayName || row.accountName || 'Customer';
}

export async function listQuestions(
  db: Database,
  input: { productId: string },
): Promise<QuestionView[]> {
  const questions = await db
    .select({
      id: productQuestions.id,
      question: productQuestions.question,
      createdAt: productQuestions.createdAt,
      displayName: profiles.displayName,
      accountName: users.name,
    })
    .from(productQuestions)
    .innerJoin(users, eq(users.id, productQuestions.userId))
    .leftJoin(profiles, eq(profiles.userId, productQuestions.userId))
    .where(eq(productQuestions.productId, input.productId))
    .orderBy(desc(productQuestions.createdAt));
  if (questions.length === 0) return [];
  const answers = await db
    .select({
      id: productAnswers.id,
      questionId: productAnswers.questionId,
      answer: productAnswers.answer,
      isAdmin: productAnswers.isAdmin,
      createdAt: productAnswers.createdAt,
      displayName: profiles.displayName,
      accountName: users.name,
    })
    .from(productAnswers)
    .innerJoin(users, eq(users.id, productAnswers.userId))
    .leftJoin(profiles, eq(profiles.userId, productAnswers.userId))
    .where(
      inArray(
        productAnswers.questionId,
        questions.map((question) => question.id),
      ),
    )
    .orderBy(asc(productAnswers.createdAt));
  return questions.map((question) => ({
    id: question.id,
    question: question.question,
    createdAt: question.createdAt,
    authorName: authorName(question),
    answers: answers
      .filter((answer) => answer.questionId === question.id)
      .map((answer) => ({
        id: answer.id,
        answer: answer.answer,
        isAdmin: answer.isAdmin,
        createdAt: answer.createdAt,
        authorName: authorName(answer),
      })),
  }));
}

// spec §7: insert a question {product_id, user_id, question}
export async function askQuestion(
  db: Database,
  actor: Actor,
  input: { productId: string } & Record<string, unknown>,
): Promise<{ id: string }> {
  const userId = requireUser(actor);
  const { question } = parseInput(questionSchema, input);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.published, true)));
  if (!product) throw new DomainError('not_found', 'Product not found');
  const [created] = await db
    .insert(productQuestions)
    .values({ productId: product.id, userId, question })
    .returning({ id: productQuestions.id });
  if (!created) throw new Error('question not stored');
  return created;
}

// spec §7: insert an answer {question_id, user_id, answer, is_admin}
export async function answerQuestion(
  db: Database,
  actor: Actor,
  input: { questionId: string } & Record<string, unknown>,
): Promise<{ id: string; isAdmin: boolean }> {
  const userId = requireUser(actor);
  const { answer } = parseInput(answerSchema, input);
  requireRowId(input.questionId, 'Question');
  const [question] = await db
    .select({ id: productQuestions.id })
    .from(productQuestions)
    .where(eq(productQuestions.id, input.questionId));
  if (!question) throw new DomainError('not_found', 'Question not found');
  const [created] = await db
    .insert(productAnswers)
    .values({ questionId: question.id, userId, answer, isAdmin: isAdmin(actor) })
    .returning({ id: productAnswers.id, isAdmin: productAnswers.isAdmin });
  if (!created) throw new Error('answer not stored');
  return created;
}
