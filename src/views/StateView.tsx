import { Button, Text, View } from '@tarojs/components'
import './StateView.css'

export interface EmptyStateProps {
  title: string
  hint?: string
  actionText?: string
  onAction?: () => void
}

/** Nothing to show yet: an illustration, what it means, and the next step. */
export function EmptyState({ title, hint, actionText, onAction }: EmptyStateProps) {
  return (
    <View className='state state--empty' role='status'>
      <View className='state__art' aria-hidden='true'>
        <View className='state__box' />
        <View className='state__lid' />
      </View>
      <Text className='state__title'>{title}</Text>
      {hint && <Text className='state__hint'>{hint}</Text>}
      {actionText && onAction && (
        <Button className='state__action' onClick={onAction}>
          {actionText}
        </Button>
      )}
    </View>
  )
}

export interface ErrorStateProps {
  title: string
  message?: string
  retryText: string
  onRetry: () => void
}

/** Loading failed: say so and offer a retry. */
export function ErrorState({ title, message, retryText, onRetry }: ErrorStateProps) {
  return (
    <View className='state state--error' role='alert'>
      <View className='state__art state__art--error' aria-hidden='true'>
        <Text className='state__bang'>!</Text>
      </View>
      <Text className='state__title'>{title}</Text>
      {message && <Text className='state__hint'>{message}</Text>}
      <Button className='state__action state__retry' onClick={onRetry}>
        {retryText}
      </Button>
    </View>
  )
}

export interface ListFooterProps {
  loadingMore: boolean
  hasMore: boolean
  loadingText: string
  endText: string
  /** A further page failed: its message with a tap to try again (the pages already shown stay). */
  failed?: { message: string; retryText: string; onRetry: () => void }
}

export function ListFooter({ loadingMore, hasMore, loadingText, endText, failed }: ListFooterProps) {
  if (failed)
    return (
      <Text className='list-footer' role='button' tabIndex={0} onClick={failed.onRetry}>
        {failed.message} · {failed.retryText}
      </Text>
    )
  if (loadingMore) return <View className='list-footer list-footer--loading'>{loadingText}</View>
  if (!hasMore) return <View className='list-footer'>{endText}</View>
  return <View className='list-footer' />
}
