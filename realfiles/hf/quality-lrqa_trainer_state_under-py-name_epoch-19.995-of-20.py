{
  "best_metric": null,
  "best_model_checkpoint": null,
  "epoch": 19.995245641838352,
  "global_step": 3140,
  "is_hyper_param_search": false,
  "is_local_process_zero": true,
  "is_world_process_zero": true,
  "log_history": [
    {
      "epoch": 0.32,
      "learning_rate": 7.911392405063292e-06,
      "loss": 1.387,
      "step": 50
    },
    {
      "epoch": 0.32,
      "eval_accuracy": 0.25503355264663696,
      "eval_loss": 1.3863019943237305,
      "eval_runtime": 92.0138,
      "eval_samples_per_second": 22.671,
      "eval_steps_per_second": 1.424,
      "step": 50
    },
    {
      "epoch": 0.63,
      "learning_rate": 1.5822784810126583e-05,
      "loss": 1.3879,
      "step": 100
    },
    {
      "epoch": 0.63,
      "eval_accuracy": 0.26366251707077026,
      "eval_loss": 1.3862756490707397,
      "eval_runtime": 92.0967,
      "eval_samples_per_second": 22.65,
      "eval_steps_per_second": 1.422,
      "step": 100
    },
    {
      "epoch": 0.95,
      "learning_rate": 2.3734177215189873e-05,
      "loss": 1.3895,
      "step": 150
    },
    {
      "epoch": 0.95,
      "eval_accuracy": 0.2804410457611084,
      "eval_loss": 1.3861876726150513,
      "eval_runtime": 92.1391,
      "eval_samples_per_second": 22.64,
      "eval_steps_per_second": 1.422,
      "step": 150
    },
    {
      "epoch": 1.27,
      "learning_rate": 3.1645569620253167e-05,
      "loss": 1.4068,
      "step": 200
    },
    {
      "epoch": 1.27,
      "eval_accuracy": 0.30584850907325745,
      "eval_loss": 1.3855953216552734,
      "eval_runtime": 91.9776,
      "eval_samples_per_second": 22.679,
      "eval_steps_per_second": 1.424,
      "step": 200
    },
    {
      "epoch": 1.59,
      "learning_rate": 3.9556962025316456e-05,
      "loss": 1.3887,
      "step": 250
    },
    {
      "epoch": 1.59,
      "eval_accuracy": 0.2895493805408478,
      "eval_loss": 1.3861947059631348,
      "eval_runtime": 91.9584,
      "eval_samples_per_second": 22.684,
      "eval_steps_per_second": 1.425,
      "step": 250
    },
    {
      "epoch": 1.91,
      "learning_rate": 4.7468354430379746e-05,
      "loss": 1.3868,
      "step": 300
    },
    {
      "epoch": 1.91,
      "eval_accuracy": 0.29338446259498596,
      "eval_loss": 1.3861489295959473,
      "eval_runtime": 92.0224,
      "eval_samples_per_second": 22.668,
      "eval_steps_per_second": 1.424,
      "step": 300
    },
    {
      "epoch": 2.23,
      "learning_rate": 4.939801699716714e-05,
      "loss": 1.4173,
      "step": 350
    },
    {
      "epoch": 2.23,
      "eval_accuracy": 0.24256950616836548,
      "eval_loss": 1.3863023519515991,
      "eval_runtime": 91.9237,
      "eval_samples_per_second": 22.693,
      "eval_steps_per_second": 1.425,
      "step": 350
    },
    {
      "epoch": 2.55,
      "learning_rate": 4.8512747875354106e-05,
      "loss": 1.3915,
      "step": 400
    },
    {
      "epoch": 2.55,
      "eval_accuracy": 0.2507190704345703,
      "eval_loss": 1.386293649673462,
      "eval_runtime": 91.8578,
      "eval_samples_per_second": 22.709,
      "eval_steps_per_second": 1.426,
      "step": 400
    },
    {
      "epoch": 2.86,
      "learning_rate": 4.762747875354108e-05,
      "loss": 1.3849,
      "step": 450
    },
    {
      "epoch": 2.86,
      "eval_accuracy": 0.23298178613185883,
      "eval_loss": 1.3862941265106201,
      "eval_runtime": 91.7686,
      "eval_samples_per_second": 22.731,
      "eval_steps_per_second": 1.428,
      "step": 450
    },
    {
      "epoch": 3.18,
      "learning_rate": 4.674220963172805e-05,
      "loss": 1.4129,
      "step": 500
    },
    {
      "epoch": 3.18,
      "eval_accuracy": 0.25838926434516907,
      "eval_loss": 1.3862934112548828,
      "eval_runtime": 91.6521,
      "eval_samples_per_second": 22.76,
      "eval_steps_per_second": 1.429,
      "step": 500
    },
    {
      "epoch": 3.5,
      "learning_rate": 4.5856940509915014e-05,
      "loss": 1.3894,
      "step": 550
    },
    {
      "epoch": 3.5,
      "eval_accuracy": 0.2627037465572357,
      "eval_loss": 1.386293888092041,
      "eval_runtime": 91.6803,
      "eval_samples_per_second": 22.753,
      "eval_steps_per_second": 1.429,
      "step": 550
    },
    {
      "epoch": 3.82,
      "learning_rate": 4.497167138810198e-05,
      "loss": 1.3909,
      "step": 600
    },
    {
      "epoch": 3.82,
      "eval_accuracy": 0.26222434639930725,
      "eval_loss": 1.3862942457199097,
      "eval_runtime": 91.7219,
      "eval_samples_per_second": 22.743,
      "eval_steps_per_second": 1.428,
      "step": 600
    },
    {
      "epoch": 4.14,
      "learning_rate": 4.4086402266288955e-05,
      "loss": 1.4106,
      "step": 650
    },
    {
      "epoch": 4.14,
      "eval_accuracy": 0.2703739106655121,
      "eval_loss": 1.386293649673462,
      "eval_runtime": 91.6837,
      "eval_samples_per_second": 22.752,
      "eval_steps_per_second": 1.429,
      "step": 650
    },
    {
      "epoch": 4.46,
      "learning_rate": 4.320113314447592e-05,
      "loss": 1.391,
      "step": 700
    },
    {
      "epoch": 4.46,
      "eval_accuracy": 0.25695109367370605,
      "eval_loss": 1.3862934112548828,
      "eval_runtime": 91.6066,
      "eval_samples_per_second": 22.771,
      "eval_steps_per_second": 1.43,
      "step": 700
    },
    {
      "epoch": 4.77,
      "learning_rate": 4.2315864022662896e-05,
      "loss": 1.3876,
      "step": 750
    },
    {
      "epoch": 4.77,
      "eval_accuracy": 0.26366251707077026,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6031,
      "eval_samples_per_second": 22.772,
      "eval_steps_per_second": 1.43,
      "step": 750
    },
    {
      "epoch": 5.1,
      "learning_rate": 4.143059490084986e-05,
      "loss": 1.4052,
      "step": 800
    },
    {
      "epoch": 5.1,
      "eval_accuracy": 0.26941514015197754,
      "eval_loss": 1.3862942457199097,
      "eval_runtime": 91.6342,
      "eval_samples_per_second": 22.764,
      "eval_steps_per_second": 1.43,
      "step": 800
    },
    {
      "epoch": 5.41,
      "learning_rate": 4.054532577903683e-05,
      "loss": 1.3834,
      "step": 850
    },
    {
      "epoch": 5.41,
      "eval_accuracy": 0.2612655758857727,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6323,
      "eval_samples_per_second": 22.765,
      "eval_steps_per_second": 1.43,
      "step": 850
    },
    {
      "epoch": 5.73,
      "learning_rate": 3.96600566572238e-05,
      "loss": 1.389,
      "step": 900
    },
    {
      "epoch": 5.73,
      "eval_accuracy": 0.2837967276573181,
      "eval_loss": 1.3862942457199097,
      "eval_runtime": 91.5645,
      "eval_samples_per_second": 22.782,
      "eval_steps_per_second": 1.431,
      "step": 900
    },
    {
      "epoch": 6.05,
      "learning_rate": 3.8774787535410764e-05,
      "loss": 1.4085,
      "step": 950
    },
    {
      "epoch": 6.05,
      "eval_accuracy": 0.2679769992828369,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.627,
      "eval_samples_per_second": 22.766,
      "eval_steps_per_second": 1.43,
      "step": 950
    },
    {
      "epoch": 6.37,
      "learning_rate": 3.788951841359774e-05,
      "loss": 1.3895,
      "step": 1000
    },
    {
      "epoch": 6.37,
      "eval_accuracy": 0.2718120813369751,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.5893,
      "eval_samples_per_second": 22.776,
      "eval_steps_per_second": 1.43,
      "step": 1000
    },
    {
      "epoch": 6.68,
      "learning_rate": 3.7004249291784705e-05,
      "loss": 1.3907,
      "step": 1050
    },
    {
      "epoch": 6.68,
      "eval_accuracy": 0.30057525634765625,
      "eval_loss": 1.3862941265106201,
      "eval_runtime": 91.6815,
      "eval_samples_per_second": 22.753,
      "eval_steps_per_second": 1.429,
      "step": 1050
    },
    {
      "epoch": 7.01,
      "learning_rate": 3.611898016997167e-05,
      "loss": 1.4087,
      "step": 1100
    },
    {
      "epoch": 7.01,
      "eval_accuracy": 0.30201342701911926,
      "eval_loss": 1.3862942457199097,
      "eval_runtime": 91.5333,
      "eval_samples_per_second": 22.79,
      "eval_steps_per_second": 1.431,
      "step": 1100
    },
    {
      "epoch": 7.32,
      "learning_rate": 3.523371104815864e-05,
      "loss": 1.3933,
      "step": 1150
    },
    {
      "epoch": 7.32,
      "eval_accuracy": 0.26941514015197754,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.5348,
      "eval_samples_per_second": 22.789,
      "eval_steps_per_second": 1.431,
      "step": 1150
    },
    {
      "epoch": 7.64,
      "learning_rate": 3.4348441926345606e-05,
      "loss": 1.3845,
      "step": 1200
    },
    {
      "epoch": 7.64,
      "eval_accuracy": 0.27804410457611084,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.4673,
      "eval_samples_per_second": 22.806,
      "eval_steps_per_second": 1.432,
      "step": 1200
    },
    {
      "epoch": 7.96,
      "learning_rate": 3.346317280453258e-05,
      "loss": 1.3929,
      "step": 1250
    },
    {
      "epoch": 7.96,
      "eval_accuracy": 0.2823585867881775,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6142,
      "eval_samples_per_second": 22.769,
      "eval_steps_per_second": 1.43,
      "step": 1250
    },
    {
      "epoch": 8.28,
      "learning_rate": 3.257790368271955e-05,
      "loss": 1.4052,
      "step": 1300
    },
    {
      "epoch": 8.28,
      "eval_accuracy": 0.26558005809783936,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6031,
      "eval_samples_per_second": 22.772,
      "eval_steps_per_second": 1.43,
      "step": 1300
    },
    {
      "epoch": 8.6,
      "learning_rate": 3.1692634560906514e-05,
      "loss": 1.388,
      "step": 1350
    },
    {
      "epoch": 8.6,
      "eval_accuracy": 0.2785235047340393,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.5832,
      "eval_samples_per_second": 22.777,
      "eval_steps_per_second": 1.43,
      "step": 1350
    },
    {
      "epoch": 8.91,
      "learning_rate": 3.080736543909349e-05,
      "loss": 1.3881,
      "step": 1400
    },
    {
      "epoch": 8.91,
      "eval_accuracy": 0.2756471633911133,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7009,
      "eval_samples_per_second": 22.748,
      "eval_steps_per_second": 1.429,
      "step": 1400
    },
    {
      "epoch": 9.23,
      "learning_rate": 2.9922096317280458e-05,
      "loss": 1.4105,
      "step": 1450
    },
    {
      "epoch": 9.23,
      "eval_accuracy": 0.2823585867881775,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7157,
      "eval_samples_per_second": 22.744,
      "eval_steps_per_second": 1.428,
      "step": 1450
    },
    {
      "epoch": 9.55,
      "learning_rate": 2.9036827195467425e-05,
      "loss": 1.3887,
      "step": 1500
    },
    {
      "epoch": 9.55,
      "eval_accuracy": 0.26893576979637146,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7101,
      "eval_samples_per_second": 22.746,
      "eval_steps_per_second": 1.428,
      "step": 1500
    },
    {
      "epoch": 9.87,
      "learning_rate": 2.8151558073654395e-05,
      "loss": 1.3907,
      "step": 1550
    },
    {
      "epoch": 9.87,
      "eval_accuracy": 0.28331735730171204,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7732,
      "eval_samples_per_second": 22.73,
      "eval_steps_per_second": 1.427,
      "step": 1550
    },
    {
      "epoch": 10.19,
      "learning_rate": 2.7266288951841362e-05,
      "loss": 1.4142,
      "step": 1600
    },
    {
      "epoch": 10.19,
      "eval_accuracy": 0.27277085185050964,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6978,
      "eval_samples_per_second": 22.749,
      "eval_steps_per_second": 1.429,
      "step": 1600
    },
    {
      "epoch": 10.51,
      "learning_rate": 2.638101983002833e-05,
      "loss": 1.3873,
      "step": 1650
    },
    {
      "epoch": 10.51,
      "eval_accuracy": 0.27085331082344055,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.741,
      "eval_samples_per_second": 22.738,
      "eval_steps_per_second": 1.428,
      "step": 1650
    },
    {
      "epoch": 10.82,
      "learning_rate": 2.54957507082153e-05,
      "loss": 1.3868,
      "step": 1700
    },
    {
      "epoch": 10.82,
      "eval_accuracy": 0.28139981627464294,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6421,
      "eval_samples_per_second": 22.762,
      "eval_steps_per_second": 1.429,
      "step": 1700
    },
    {
      "epoch": 11.15,
      "learning_rate": 2.4610481586402267e-05,
      "loss": 1.4096,
      "step": 1750
    },
    {
      "epoch": 11.15,
      "eval_accuracy": 0.2790028750896454,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.5653,
      "eval_samples_per_second": 22.782,
      "eval_steps_per_second": 1.431,
      "step": 1750
    },
    {
      "epoch": 11.46,
      "learning_rate": 2.3725212464589237e-05,
      "loss": 1.3865,
      "step": 1800
    },
    {
      "epoch": 11.46,
      "eval_accuracy": 0.2756471633911133,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.5697,
      "eval_samples_per_second": 22.78,
      "eval_steps_per_second": 1.431,
      "step": 1800
    },
    {
      "epoch": 11.78,
      "learning_rate": 2.2839943342776204e-05,
      "loss": 1.3888,
      "step": 1850
    },
    {
      "epoch": 11.78,
      "eval_accuracy": 0.26893576979637146,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6707,
      "eval_samples_per_second": 22.755,
      "eval_steps_per_second": 1.429,
      "step": 1850
    },
    {
      "epoch": 12.1,
      "learning_rate": 2.195467422096317e-05,
      "loss": 1.4098,
      "step": 1900
    },
    {
      "epoch": 12.1,
      "eval_accuracy": 0.2809204161167145,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6609,
      "eval_samples_per_second": 22.758,
      "eval_steps_per_second": 1.429,
      "step": 1900
    },
    {
      "epoch": 12.42,
      "learning_rate": 2.1069405099150142e-05,
      "loss": 1.3875,
      "step": 1950
    },
    {
      "epoch": 12.42,
      "eval_accuracy": 0.2785235047340393,
      "eval_loss": 1.3862942457199097,
      "eval_runtime": 91.6245,
      "eval_samples_per_second": 22.767,
      "eval_steps_per_second": 1.43,
      "step": 1950
    },
    {
      "epoch": 12.74,
      "learning_rate": 2.0184135977337112e-05,
      "loss": 1.391,
      "step": 2000
    },
    {
      "epoch": 12.74,
      "eval_accuracy": 0.26941514015197754,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6688,
      "eval_samples_per_second": 22.756,
      "eval_steps_per_second": 1.429,
      "step": 2000
    },
    {
      "epoch": 13.06,
      "learning_rate": 1.929886685552408e-05,
      "loss": 1.4104,
      "step": 2050
    },
    {
      "epoch": 13.06,
      "eval_accuracy": 0.2751677930355072,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7185,
      "eval_samples_per_second": 22.744,
      "eval_steps_per_second": 1.428,
      "step": 2050
    },
    {
      "epoch": 13.37,
      "learning_rate": 1.841359773371105e-05,
      "loss": 1.3896,
      "step": 2100
    },
    {
      "epoch": 13.37,
      "eval_accuracy": 0.2837967276573181,
      "eval_loss": 1.3862942457199097,
      "eval_runtime": 91.7359,
      "eval_samples_per_second": 22.739,
      "eval_steps_per_second": 1.428,
      "step": 2100
    },
    {
      "epoch": 13.69,
      "learning_rate": 1.7528328611898017e-05,
      "loss": 1.3897,
      "step": 2150
    },
    {
      "epoch": 13.69,
      "eval_accuracy": 0.2737296223640442,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6424,
      "eval_samples_per_second": 22.762,
      "eval_steps_per_second": 1.429,
      "step": 2150
    },
    {
      "epoch": 14.01,
      "learning_rate": 1.6643059490084987e-05,
      "loss": 1.4098,
      "step": 2200
    },
    {
      "epoch": 14.01,
      "eval_accuracy": 0.27133268117904663,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.4873,
      "eval_samples_per_second": 22.801,
      "eval_steps_per_second": 1.432,
      "step": 2200
    },
    {
      "epoch": 14.33,
      "learning_rate": 1.5757790368271954e-05,
      "loss": 1.388,
      "step": 2250
    },
    {
      "epoch": 14.33,
      "eval_accuracy": 0.26749759912490845,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.4583,
      "eval_samples_per_second": 22.808,
      "eval_steps_per_second": 1.432,
      "step": 2250
    },
    {
      "epoch": 14.65,
      "learning_rate": 1.4872521246458923e-05,
      "loss": 1.388,
      "step": 2300
    },
    {
      "epoch": 14.65,
      "eval_accuracy": 0.2871524393558502,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.5848,
      "eval_samples_per_second": 22.777,
      "eval_steps_per_second": 1.43,
      "step": 2300
    },
    {
      "epoch": 14.96,
      "learning_rate": 1.3987252124645895e-05,
      "loss": 1.3882,
      "step": 2350
    },
    {
      "epoch": 14.96,
      "eval_accuracy": 0.2804410457611084,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6517,
      "eval_samples_per_second": 22.76,
      "eval_steps_per_second": 1.429,
      "step": 2350
    },
    {
      "epoch": 15.29,
      "learning_rate": 1.3101983002832862e-05,
      "loss": 1.4112,
      "step": 2400
    },
    {
      "epoch": 15.29,
      "eval_accuracy": 0.28523489832878113,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.77,
      "eval_samples_per_second": 22.731,
      "eval_steps_per_second": 1.427,
      "step": 2400
    },
    {
      "epoch": 15.6,
      "learning_rate": 1.2216713881019831e-05,
      "loss": 1.3886,
      "step": 2450
    },
    {
      "epoch": 15.6,
      "eval_accuracy": 0.268456369638443,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6717,
      "eval_samples_per_second": 22.755,
      "eval_steps_per_second": 1.429,
      "step": 2450
    },
    {
      "epoch": 15.92,
      "learning_rate": 1.13314447592068e-05,
      "loss": 1.3893,
      "step": 2500
    },
    {
      "epoch": 15.92,
      "eval_accuracy": 0.2631831169128418,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6702,
      "eval_samples_per_second": 22.755,
      "eval_steps_per_second": 1.429,
      "step": 2500
    },
    {
      "epoch": 16.24,
      "learning_rate": 1.0446175637393768e-05,
      "loss": 1.4087,
      "step": 2550
    },
    {
      "epoch": 16.24,
      "eval_accuracy": 0.2559923231601715,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7482,
      "eval_samples_per_second": 22.736,
      "eval_steps_per_second": 1.428,
      "step": 2550
    },
    {
      "epoch": 16.56,
      "learning_rate": 9.560906515580737e-06,
      "loss": 1.3886,
      "step": 2600
    },
    {
      "epoch": 16.56,
      "eval_accuracy": 0.268456369638443,
      "eval_loss": 1.3862942457199097,
      "eval_runtime": 91.7474,
      "eval_samples_per_second": 22.736,
      "eval_steps_per_second": 1.428,
      "step": 2600
    },
    {
      "epoch": 16.87,
      "learning_rate": 8.675637393767706e-06,
      "loss": 1.3884,
      "step": 2650
    },
    {
      "epoch": 16.87,
      "eval_accuracy": 0.26941514015197754,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.748,
      "eval_samples_per_second": 22.736,
      "eval_steps_per_second": 1.428,
      "step": 2650
    },
    {
      "epoch": 17.2,
      "learning_rate": 7.790368271954675e-06,
      "loss": 1.4111,
      "step": 2700
    },
    {
      "epoch": 17.2,
      "eval_accuracy": 0.269894540309906,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7002,
      "eval_samples_per_second": 22.748,
      "eval_steps_per_second": 1.429,
      "step": 2700
    },
    {
      "epoch": 17.51,
      "learning_rate": 6.905099150141643e-06,
      "loss": 1.389,
      "step": 2750
    },
    {
      "epoch": 17.51,
      "eval_accuracy": 0.27948227524757385,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7105,
      "eval_samples_per_second": 22.745,
      "eval_steps_per_second": 1.428,
      "step": 2750
    },
    {
      "epoch": 17.83,
      "learning_rate": 6.019830028328612e-06,
      "loss": 1.3877,
      "step": 2800
    },
    {
      "epoch": 17.83,
      "eval_accuracy": 0.2785235047340393,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6955,
      "eval_samples_per_second": 22.749,
      "eval_steps_per_second": 1.429,
      "step": 2800
    },
    {
      "epoch": 18.15,
      "learning_rate": 5.134560906515581e-06,
      "loss": 1.4089,
      "step": 2850
    },
    {
      "epoch": 18.15,
      "eval_accuracy": 0.27804410457611084,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.7118,
      "eval_samples_per_second": 22.745,
      "eval_steps_per_second": 1.428,
      "step": 2850
    },
    {
      "epoch": 18.47,
      "learning_rate": 4.24929178470255e-06,
      "loss": 1.3867,
      "step": 2900
    },
    {
      "epoch": 18.47,
      "eval_accuracy": 0.2775647044181824,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6951,
      "eval_samples_per_second": 22.749,
      "eval_steps_per_second": 1.429,
      "step": 2900
    },
    {
      "epoch": 18.79,
      "learning_rate": 3.364022662889518e-06,
      "loss": 1.3895,
      "step": 2950
    },
    {
      "epoch": 18.79,
      "eval_accuracy": 0.26941514015197754,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6792,
      "eval_samples_per_second": 22.753,
      "eval_steps_per_second": 1.429,
      "step": 2950
    },
    {
      "epoch": 19.11,
      "learning_rate": 2.4787535410764873e-06,
      "loss": 1.4103,
      "step": 3000
    },
    {
      "epoch": 19.11,
      "eval_accuracy": 0.269894540309906,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6575,
      "eval_samples_per_second": 22.759,
      "eval_steps_per_second": 1.429,
      "step": 3000
    },
    {
      "epoch": 19.42,
      "learning_rate": 1.5934844192634562e-06,
      "loss": 1.3849,
      "step": 3050
    },
    {
      "epoch": 19.42,
      "eval_accuracy": 0.2785235047340393,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.6727,
      "eval_samples_per_second": 22.755,
      "eval_steps_per_second": 1.429,
      "step": 3050
    },
    {
      "epoch": 19.74,
      "learning_rate": 7.08215297450425e-07,
      "loss": 1.3872,
      "step": 3100
    },
    {
      "epoch": 19.74,
      "eval_accuracy": 0.28139981627464294,
      "eval_loss": 1.3862943649291992,
      "eval_runtime": 91.5804,
      "eval_samples_per_second": 22.778,
      "eval_steps_per_second": 1.43,
      "step": 3100
    },
    {
      "epoch": 20.0,
      "step": 3140,
      "total_flos": 5.309428181101363e+16,
      "train_loss": 1.3949827522229237,
      "train_runtime": 12359.4488,
      "train_samples_per_second": 4.083,
      "train_steps_per_second": 0.254
    }
  ],
  "max_steps": 3140,
  "num_train_epochs": 20,
  "total_flos": 5.309428181101363e+16,
  "trial_name": null,
  "trial_params": null
}
