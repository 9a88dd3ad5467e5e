// A form's line that only points at the highlighted fields goes once they are right again.
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { formLine, useForm } from '@/lib/use-form'

const schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter a name.')),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter an email.')),
})

function Form({ refusal }: { refusal?: string }) {
  const { values, set, errors, formError, handleSubmit } = useForm(schema, { name: '', email: '' })
  return (
    <form
      noValidate
      onSubmit={handleSubmit(async () => (refusal ? { message: refusal, fields: {} } : undefined))}
    >
      {formError ? <p role="alert">{formError}</p> : null}
      <label>
        Name
        <input value={values.name} onChange={set('name')} />
      </label>
      {errors.name ? <span>{errors.name}</span> : null}
      <label>
        Email
        <input value={values.email} onChange={set('email')} />
      </label>
      {errors.email ? <span>{errors.email}</span> : null}
      <button type="submit">Save</button>
    </form>
  )
}

describe('the form’s line', () => {
  it('"Check the highlighted fields." stays while one field is wrong, and goes with the last', async () => {
    render(<Form />)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields.')
    await userEvent.type(screen.getByLabelText('Name'), 'Anna')
    await waitFor(() => expect(screen.queryByText('Enter a name.')).toBeNull())
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields.')
    await userEvent.type(screen.getByLabelText('Email'), 'anna@example.com')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  it('a refusal that is not at a field stays when a field changes', async () => {
    render(<Form refusal="The server is busy." />)
    await userEvent.type(screen.getByLabelText('Name'), 'Anna')
    await userEvent.type(screen.getByLabelText('Email'), 'anna@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.')
    await userEvent.type(screen.getByLabelText('Name'), 'x')
    expect(screen.getByRole('alert')).toHaveTextContent('The server is busy.')
  })

  it('formLine: a pointer goes without highlighted fields, any other line stays', () => {
    const pointer = 'Check the highlighted fields.'
    expect(formLine(pointer, {}, [pointer])).toBeNull()
    expect(formLine(pointer, { name: 'Enter a name.' }, [pointer])).toBe(pointer)
    expect(formLine('Offline.', {}, [pointer])).toBe('Offline.')
    expect(formLine(null, {}, [pointer])).toBeNull()
  })
})
