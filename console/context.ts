import { createContext, useContext } from 'react'
import type { Operator } from '../src/contract/console'
import type { Lang, MessageKey } from './messages'

export interface ConsoleContextValue {
  lang: Lang
  t: (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string
  /** The signed-in operator (null on the sign-in screen). */
  operator: Operator | null
  signOut: () => Promise<void>
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null)

export function useConsole(): ConsoleContextValue & { operator: Operator } {
  const value = useContext(ConsoleContext)
  if (!value?.operator) throw new Error('useConsole outside a signed-in console')
  return value as ConsoleContextValue & { operator: Operator }
}

export function useWords(): ConsoleContextValue {
  const value = useContext(ConsoleContext)
  if (!value) throw new Error('useWords outside the console')
  return value
}
