"""What the PyTorch twins (torch_fmnist.py, torch_cifar.py) share: the
precision of their products and NVML's energy counter."""
import torch


def set_precision(precision):
    """fp32: IEEE single everywhere (PyTorch lets cuDNN use TF32 by default);
    tf32: TF32 for matmuls and convolutions; bf16: as fp32, the script
    autocasts; default: whatever PyTorch does unasked."""
    if precision not in ("fp32", "tf32", "bf16", "default"):
        raise SystemExit(f"unknown precision {precision!r} (fp32, tf32, bf16, default)")
    if precision == "default":
        return
    tf32 = precision == "tf32"
    torch.backends.cuda.matmul.allow_tf32 = tf32
    torch.backends.cudnn.allow_tf32 = tf32


def energy_reader(dev):
    """A function returning NVML's total-energy counter of GPU 0 in joules,
    or None (no GPU, no pynvml, or a GPU without the counter)."""
    if dev.type != "cuda":
        return lambda: None
    try:
        import pynvml
        pynvml.nvmlInit()
        h = pynvml.nvmlDeviceGetHandleByIndex(torch.cuda.current_device())
        pynvml.nvmlDeviceGetTotalEnergyConsumption(h)
    except Exception:  # no pynvml, no NVML, or no counter: no energy
        return lambda: None
    return lambda: pynvml.nvmlDeviceGetTotalEnergyConsumption(h) / 1000.0
