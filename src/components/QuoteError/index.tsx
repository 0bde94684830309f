import { Text, View } from '@tarojs/components'
import { errorMessage } from '@/core/request'
import { useT } from './messages'
import './index.css'

interface Props {
  /** Why the server's price could not be had (or the order refused); nothing shows without one. */
  error: unknown
  /** A failure worth trying again (network, server): the line offers it. A refusal in the server's words does not. */
  retryable: boolean
  onRetry: () => void
}

/** Under a price (Pay a bill, Fuel, a flash-sale buy): why there is no price, and "try again" where that can help. */
export default function QuoteError({ error, retryable, onRetry }: Props) {
  const t = useT()
  if (!error) return null
  return (
    <View className='quote-error' role='alert'>
      <Text className='quote-error__text'>{errorMessage(error)}</Text>
      {retryable && (
        <Text className='quote-error__retry' role='button' tabIndex={0} onClick={onRetry}>
          {t('quote.retry')}
        </Text>
      )}
    </View>
  )
}
