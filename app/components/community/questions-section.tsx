import { lazy, Suspense, useState } from 'react';
import { communityToasts, isBlank } from '../../../core/community/community-texts';
import { formatShopDate } from '../../../core/time/shop-calendar';
import type { QuestionView } from '../../../server/modules/questions';
import {
  getFormProps,
  getTextareaProps,
  schemaValidator,
  useFormConstraints,
  useLazyForm,
} from '../forms/lazy-form';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { inputClass, secondaryButtonClass } from '../ui/classes';
import { Modal } from '../ui/lazy-modal';
import { toast } from '../ui/toast-store';
import { Honeypot } from './honeypot';
import { FieldError } from './field-error';
import { SignInFirstButton } from './sign-in-first-button';
import { useShopTimeZone } from '../layout/shop-time';

// The dialog's form loads when it first opens.
const QuestionForm = lazy(() =>
  import('./question-form').then((module) => ({ default: module.QuestionForm })),
);

/** spec §2 Product detail: Questions & Answers, newest first, answers from the team badged. */

export function QuestionsSection({
  productId,
  signedIn,
  questions,
}: {
  productId: string;
  signedIn: boolean;
  questions: QuestionView[];
}) {
  const [asking, setAsking] = useState(false);
  return (
    <section aria-labelledby="questions-heading" className="mt-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="questions-heading" className="text-2xl font-semibold">
          Questions &amp; Answers
        </h2>
        {signedIn ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setAsking(true)}>
            Ask a Question
          </button>
        ) : (
          <SignInFirstButton label="Ask a Question" signInToast={communityToasts.questionSignIn} />
        )}
      </div>
      {questions.length === 0 ? (
        <p className="mt-6 text-ink-muted">No questions yet. Ask the artisans anything.</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {questions.map((question) => (
            <QuestionCard
              key={question.id}
              question={question}
              signedIn={signedIn}
              productId={productId}
            />
          ))}
        </ul>
      )}
      <Modal open={asking} onOpenChange={setAsking} title="Ask a Question">
        <Suspense fallback={<p className="text-ink-muted">Loading the form…</p>}>
          <QuestionForm productId={productId} onDone={() => setAsking(false)} />
        </Suspense>
      </Modal>
    </section>
  );
}

function QuestionCard({
  question,
  signedIn,
  productId,
}: {
  question: QuestionView;
  signedIn: boolean;
  productId: string;
}) {
  const timeZone = useShopTimeZone();
  const [empty, setEmpty] = useState(true);
  const fetcher = useAnswerFetcher({ onSuccess: () => setEmpty(true) });
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [form, fields] = useLazyForm<'answer'>({
    lastResult: answer?.result,
    // The product loader's limits for its `answer` intent.
    constraint: useFormConstraints('answer'),
    validateOn: 'submit',
    // The schema and its parser load when the answer box is first focused (docs/decisions/020).
    loadValidator: schemaValidator(() =>
      import('../../../core/community/community').then((module) => module.answerFormSchema),
    ),
  });
  const { key, ...answerProps } = getTextareaProps(fields.answer);
  return (
    <li aria-label={question.question} className="rounded-2xl border border-stone/70 bg-white p-5">
      <p className="font-semibold">Q: {question.question}</p>
      <p className="text-sm text-ink-muted">
        Asked by {question.authorName} on {formatShopDate(question.createdAt, timeZone)}
      </p>
      {question.answers.length > 0 ? (
        <ul className="mt-3 grid gap-3 border-l-2 border-sand pl-4">
          {question.answers.map((item) => (
            <li key={item.id}>
              <p>
                <span className="font-medium">A:</span> {item.answer}
              </p>
              <p className="flex items-center gap-2 text-sm text-ink-muted">
                {item.authorName}
                {item.isAdmin ? (
                  <span className="rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-ivory">
                    Team
                  </span>
                ) : null}
                <span>· {formatShopDate(item.createdAt, timeZone)}</span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <fetcher.Form
        method="post"
        action={`/product/${encodeURIComponent(productId)}`}
        {...getFormProps(form)}
        className="relative mt-4 flex flex-wrap items-start gap-2"
        onSubmit={(event) => {
          if (!signedIn) {
            event.preventDefault();
            toast(communityToasts.answerSignIn);
            return;
          }
          form.onSubmit(event);
        }}
      >
        <Honeypot />
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="questionId" value={question.id} />
        <label htmlFor={fields.answer.id} className="sr-only">
          Your answer to: {question.question}
        </label>
        <div className="grid min-w-0 flex-1 gap-1">
          <textarea
            key={key}
            {...answerProps}
            rows={1}
            onChange={(event) => setEmpty(isBlank(event.target.value))}
            placeholder="Write an answer…"
            className={inputClass}
          />
          <FieldError field={fields.answer} />
        </div>
        {/* spec §5: the Answer button is disabled while the answer is empty */}
        <button
          type="submit"
          disabled={empty || fetcher.state !== 'idle'}
          className={`${secondaryButtonClass} disabled:cursor-not-allowed`}
        >
          Answer
        </button>
      </fetcher.Form>
    </li>
  );
}
