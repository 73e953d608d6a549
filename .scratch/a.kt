package io.acme.pay
import io.opencui.core.*
import io.acme.api.IPayment as Pay
data class StripeProvider(val config: Configuration, override var session: UserSession? = null) : Pay, IProvider {
  fun f(): String { val a = config[APIKEY] as String; logger.info("lang ${config["k2"]}"); return config.get("k3") ?: this.config["k4"] }
  companion object : ExtensionBuilder<Pay> { const val APIKEY = "api_secret"
    override fun invoke(config: Configuration): Pay = StripeProvider(config) }
}
