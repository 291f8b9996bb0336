import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { CodeField, FormErrorLine, ResendButton } from './CodeFields';

/** The test ids of a code form's parts, as each screen names them. */
interface CodeFormIds {
  form?: string;
  code: string;
  error: string;
  submit: string;
  resend: string;
}

/**
 * The step where a mailed code is typed: what was sent where, the code, the refusal, the button, and "send
 * again" (with `aside` beside it). Activation and forgot-password share it.
 */
export function CodeForm(props: {
  intro: ReactNode;
  submitLabel: string;
  submitting: boolean;
  error: string | null;
  onEdit: () => void;
  onSubmit: (code: string) => void;
  sentAt: number;
  resending: boolean;
  onResend: () => void;
  aside?: ReactNode;
  ids: CodeFormIds;
}) {
  const { ids } = props;
  return (
    <Form<{ code: string }>
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      size="large"
      onFinish={({ code }) => props.onSubmit(code.trim())}
      onValuesChange={props.onEdit}
      data-testid={ids.form}
    >
      {props.intro}
      <CodeField testId={ids.code} />
      <FormErrorLine error={props.error} testId={ids.error} />
      <Button type="primary" htmlType="submit" block loading={props.submitting} data-testid={ids.submit}>
        {props.submitLabel}
      </Button>
      <div className="recovery-actions">
        {props.aside ?? <span />}
        <ResendButton
          sentAt={props.sentAt}
          loading={props.resending}
          onResend={props.onResend}
          testId={ids.resend}
        />
      </div>
    </Form>
  );
}
