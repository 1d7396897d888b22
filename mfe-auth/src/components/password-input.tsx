import { useState } from 'react';
import { Button } from '@studyhub/shared';
import { TextField, type TextFieldProps } from './text-field';

/** A password field with a show/hide toggle (product §2). */
export function PasswordInput(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <Button
          $variant="ghost"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((current) => !current)}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      }
    />
  );
}
