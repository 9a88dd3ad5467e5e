import { Camera } from 'lucide-react'
import { buttonClass } from '@/components/ui/button'

/**
 * "Photograph a receipt": a file input that opens the camera on a phone (`capture`) and the file
 * picker elsewhere, drawn as a button. The input stays in the tab order, named by the text.
 */
export function PhotoButton({
  label,
  onPick,
  variant = 'outline',
}: {
  label: string
  onPick: (file: File) => void
  variant?: 'outline' | 'primary'
}) {
  return (
    <label
      className={buttonClass(
        variant,
        'md',
        'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:focus-visible]:outline-solid',
      )}
    >
      <Camera className="size-4" aria-hidden />
      {label}
      <input
        type="file"
        accept="image/*,application/pdf"
        capture="environment"
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) onPick(file)
        }}
      />
    </label>
  )
}
