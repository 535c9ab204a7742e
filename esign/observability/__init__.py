"""What operators watch: the Prometheus metrics of a process (esign.observability.metrics)."""
